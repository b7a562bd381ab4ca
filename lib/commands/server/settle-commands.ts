import 'server-only';
import type { Db } from '@/lib/db';
import { claimStatusCheck, listUnsettledExecutions, reconcileInterrupted } from '@/lib/db/repos/command-executions';
import type { CommandExecution } from '@/lib/db/schema';
import type { VehicleApi } from '@/lib/vehicle-api';
import { applyTimeout, checkExecutionStatus, isFollowable, STATUS_CHECK_INTERVAL_MS } from './check-execution-status';
import { RECOVERY_WINDOW_MS, syncVehicleExecutions } from './sync-vehicle-executions';

/**
 * An execution a `command.updated` event told about this recently is left to the events: the
 * organization's webhooks work, and the next event (or this window's end) settles it.
 */
export const EVENT_FRESH_MS = 30_000;

/** The organization's client; undefined when it cannot be built (no credentials any more). */
export type ApiForOrganization = (organizationId: string) => Promise<VehicleApi | undefined>;

export interface SettleOptions {
  /** A record still REQUESTING this long after it was written lost its request (a crash): longer than any upstream call. */
  interruptedAfterMs: number;
  /** Records looked at per run. */
  batch?: number;
  /** Upstream calls in flight at once. */
  concurrency?: number;
  /** A pending execution of an organization without a client (polling switched off) still ends at the contract's time-out. */
  timeoutWithoutClient?: boolean;
}

export interface SettleSummary {
  interrupted: number;
  checked: number;
  listed: number;
  failures: number;
  /** Pending executions skipped because an event refreshed them recently. */
  leftToEvents: number;
}

/**
 * How often an unknown record's vehicle list is read again: every second at first, then less
 * often as the record ages (a lost answer shows in the list at once, or never).
 */
export function recoveryIntervalMs(ageMs: number): number {
  if (ageMs < 10_000) return STATUS_CHECK_INTERVAL_MS;
  if (ageMs < 60_000) return 5_000;
  return 30_000;
}

async function inPool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/**
 * The background settler (job `commands.settle`): executions nobody watches still reach their
 * outcome. Pending ones are asked about through the same claim and state machine as a watcher's
 * poll (at most once a second per execution, cluster-wide); those whose answer was lost, or that
 * a crash left mid-request, are looked for in the service's list of the vehicle's executions; a
 * pending one past the contract's five minutes ends as timed out.
 *
 * `now` is the time the tick starts, and its clock runs on from there: each claim is stamped with
 * the time it is taken (`now` plus the time the tick has run). A claim taken late in a slow tick but
 * stamped with the tick's start would let the next claimer in early, and two status calls for one
 * execution land less than a second apart.
 */
export async function settleCommands(db: Db, apiFor: ApiForOrganization, now: Date, options: SettleOptions): Promise<SettleSummary> {
  const startedAt = performance.now();
  const clock = () => new Date(now.getTime() + (performance.now() - startedAt));
  const interrupted = await reconcileInterrupted(db, { before: new Date(now.getTime() - options.interruptedAfterMs) });
  const records = await listUnsettledExecutions(db, {
    now,
    intervalMs: STATUS_CHECK_INTERVAL_MS,
    unknownSince: new Date(now.getTime() - RECOVERY_WINDOW_MS),
    limit: options.batch ?? 200,
  });
  const summary: SettleSummary = { interrupted, checked: 0, listed: 0, failures: 0, leftToEvents: 0 };
  const apis = new Map<string, Promise<VehicleApi | undefined>>();
  const api = (organizationId: string) => {
    if (!apis.has(organizationId))
      apis.set(
        organizationId,
        apiFor(organizationId).catch(() => undefined),
      );
    return apis.get(organizationId)!;
  };

  const eventFresh = (record: CommandExecution) => record.eventAt !== null && now.getTime() - record.eventAt.getTime() < EVENT_FRESH_MS;
  const followable = records.filter((record) => isFollowable(record) && !eventFresh(record));
  summary.leftToEvents = records.filter((record) => isFollowable(record) && eventFresh(record)).length;
  // Records whose outcome only the vehicle's list can tell: one list call per vehicle covers them all.
  const byVehicle = new Map<string, CommandExecution[]>();
  for (const record of records) {
    if (isFollowable(record)) continue;
    const key = `${record.organizationId}\n${record.vehicleId}`;
    byVehicle.set(key, [...(byVehicle.get(key) ?? []), record]);
  }

  await inPool(followable, options.concurrency ?? 4, async (record) => {
    const client = await api(record.organizationId);
    if (!client) {
      if (options.timeoutWithoutClient) await applyTimeout(db, record, now.getTime());
      return;
    }
    try {
      await checkExecutionStatus(db, client, record, clock().getTime());
      summary.checked++;
    } catch {
      summary.failures++;
    }
  });
  await inPool([...byVehicle.values()], options.concurrency ?? 4, async (group) => {
    const { organizationId, vehicleId } = group[0];
    const client = await api(organizationId);
    if (!client) return;
    const claimedAt = clock();
    const claims = await Promise.all(
      group.map((r) => claimStatusCheck(db, r.id, claimedAt, recoveryIntervalMs(claimedAt.getTime() - r.requestedAt.getTime()))),
    );
    if (!claims.some(Boolean)) return;
    const result = await syncVehicleExecutions(db, client, organizationId, vehicleId, { now: claimedAt.getTime() }).catch(() => undefined);
    if (result?.state === 'included') summary.listed++;
    else if (result?.state !== 'not_offered') summary.failures++;
  });
  return summary;
}
