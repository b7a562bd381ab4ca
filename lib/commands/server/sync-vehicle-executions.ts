import 'server-only';
import type { Db } from '@/lib/db';
import {
  findByUpstreamIds,
  importExternalExecution,
  listOpenRecordsOfVehicle,
  recordCommandNotReceived,
  recordCommandRecovered,
} from '@/lib/db/repos/command-executions';
import type { CommandExecution } from '@/lib/db/schema';
import { EXECUTION_ID_MISSING, NOT_RECEIVED } from '@/lib/commands/execution-view';
import { isVehicleApiError, type VehicleApi } from '@/lib/vehicle-api';
import { applyUpstreamExecution, outcomeOf } from './check-execution-status';
import { publishExecutionChange } from './publish-execution-change';
import { canonicalJson } from '@/lib/commands/canonical-json';

/**
 * The service's own list of a vehicle's executions (`GET /v1/vehicles/{id}/command-executions`,
 * published by the vendor, not in our contract). Where it exists it recovers the outcome of sends
 * whose answer was lost, and shows commands other clients sent; where a service answers 404 or
 * 405 for it, the console falls back to its own records, learned once per process.
 */
export type UpstreamListState =
  | { state: 'included' }
  | { state: 'not_offered'; learnedAt: string; requestId: string | null }
  | { state: 'unavailable'; message: string; requestId: string | null };

/** Per client (one per organization and set of credentials): its service does not list executions. */
const missingLists = new WeakMap<VehicleApi, { learnedAt: string; requestId: string | null }>();

export function knownMissingList(api: VehicleApi): UpstreamListState | undefined {
  const missing = missingLists.get(api);
  return missing ? { state: 'not_offered', ...missing } : undefined;
}

/** A 405, or a 404 that is not the contract's "no such vehicle": the service has no such endpoint. */
const listIsMissing = (error: unknown) =>
  isVehicleApiError(error) && (error.status === 405 || (error.status === 404 && error.code !== 'RESOURCE_NOT_FOUND'));

/** How far back an open record may match an upstream execution, and how long before "not in the list" means "never received". */
export const RECOVERY_WINDOW_MS = 15 * 60_000;
const NOT_RECEIVED_AFTER_MS = 2 * 60_000;
/**
 * An upstream execution may belong to a record sent this close to it. Loose on purpose: the
 * service's clock and ours differ, and the service runs one execution of a command per vehicle at
 * a time, so the same command with the same arguments this close together is the same intent.
 */
const MATCH_SLACK_MS = RECOVERY_WINDOW_MS;
const PAGE_SIZE = 50;

type Listed = {
  id?: string | null;
  command?: string | null;
  commandArguments?: Record<string, unknown> | null;
  executedAt?: string | null;
  status?: string | null;
  failedReason?: string | null;
};

const sameArguments = (a: Record<string, unknown> | null | undefined, b: Record<string, unknown> | null | undefined) =>
  canonicalJson(a && Object.keys(a).length > 0 ? a : null) === canonicalJson(b && Object.keys(b).length > 0 ? b : null);

/** Whether an open record may be the one the service listed: same command and arguments, sent about then. */
function mayBe(record: CommandExecution, listed: Listed): boolean {
  if (record.upstreamExecutionId || record.command !== listed.command) return false;
  if (!sameArguments(record.arguments, listed.commandArguments)) return false;
  const at = outcomeOf(listed).executedAt;
  return !at || Math.abs(at.getTime() - record.requestedAt.getTime()) <= MATCH_SLACK_MS;
}

/**
 * `now`: the pass's time in ms (the caller's clock, so a test or a claim decides what "long after"
 * means); `settleSent: false` for an organization that switched polling off, whose own sends the
 * events settle, not the list.
 */
type ReconcileOptions = { now?: number; settleSent?: boolean };

/**
 * Reconciles Motorpool's records of one vehicle with the service's list: statuses move forward,
 * a lost answer's record gets its execution, and an execution no record may be is kept as sent
 * outside Motorpool. A record still UNKNOWN long after it was sent, while the list reaches back
 * past it, never reached the service.
 */
export async function reconcileVehicleExecutions(
  db: Db,
  organizationId: string,
  vehicleId: string,
  page: { results: Listed[]; complete: boolean },
  { now = Date.now(), settleSent = true }: ReconcileOptions = {},
): Promise<void> {
  const listed = page.results.filter((e): e is Listed & { id: string } => typeof e.id === 'string' && e.id !== '');
  const known = new Map(
    (
      await findByUpstreamIds(
        db,
        organizationId,
        listed.map((e) => e.id),
      )
    ).map((r) => [r.upstreamExecutionId, r]),
  );
  const open = await listOpenRecordsOfVehicle(db, organizationId, vehicleId, new Date(now - RECOVERY_WINDOW_MS));
  const claimed = new Set<string>();
  // Oldest first, so the earliest open record takes the earliest execution.
  for (const execution of [...listed].reverse()) {
    const record = known.get(execution.id);
    if (record) {
      if (settleSent && record.status === 'PENDING' && record.localStatus === 'SENT') await applyUpstreamExecution(db, record, execution);
      continue;
    }
    const candidates = open.filter((r) => !claimed.has(r.id) && mayBe(r, execution));
    const lost = candidates.find((r) => r.localStatus === 'UNKNOWN');
    if (lost) {
      claimed.add(lost.id);
      const recovered = await recordCommandRecovered(db, lost.id, { upstreamExecutionId: execution.id, ...outcomeOf(execution) });
      if (recovered) await publishExecutionChange(recovered);
      continue;
    }
    // A send still waiting for its answer may be this one: its own answer will say.
    if (candidates.length > 0) continue;
    if (typeof execution.command !== 'string' || execution.command === '') continue;
    const imported = await importExternalExecution(db, {
      organizationId,
      vehicleId,
      command: execution.command,
      arguments: execution.commandArguments && Object.keys(execution.commandArguments).length > 0 ? execution.commandArguments : null,
      upstreamExecutionId: execution.id,
      ...outcomeOf(execution),
    });
    if (imported) await publishExecutionChange(imported);
  }
  const oldestListed = listed.reduce<number | null>((oldest, e) => {
    const at = outcomeOf(e).executedAt?.getTime();
    return at === undefined ? oldest : Math.min(oldest ?? at, at);
  }, null);
  for (const record of open) {
    if (claimed.has(record.id) || record.localStatus !== 'UNKNOWN') continue;
    if (now - record.requestedAt.getTime() < NOT_RECEIVED_AFTER_MS) continue;
    const reachesBack = page.complete || (oldestListed !== null && oldestListed < record.requestedAt.getTime() - MATCH_SLACK_MS);
    if (!reachesBack) continue;
    const ended = await recordCommandNotReceived(db, record.id, { notReceived: NOT_RECEIVED, accepted: [EXECUTION_ID_MISSING] });
    if (ended) await publishExecutionChange(ended);
  }
}

/**
 * Reads the vehicle's latest executions from the service and reconciles them (one upstream call).
 * Says whether the list was included, is not offered by this service, or could not be read now.
 */
export async function syncVehicleExecutions(
  db: Db,
  api: VehicleApi,
  organizationId: string,
  vehicleId: string,
  { now = Date.now(), settleSent = true }: ReconcileOptions = {},
): Promise<UpstreamListState> {
  const missing = knownMissingList(api);
  if (missing) return missing;
  try {
    const response = await api.listCommandExecutions(vehicleId, { maxPageSize: PAGE_SIZE });
    const page = response.data;
    await reconcileVehicleExecutions(
      db,
      organizationId,
      vehicleId,
      { results: page.results ?? [], complete: !page.nextPageToken },
      { now, settleSent },
    );
    return { state: 'included' };
  } catch (error) {
    if (!isVehicleApiError(error)) throw error;
    if (listIsMissing(error)) {
      const learned = { learnedAt: new Date(now).toISOString(), requestId: error.requestId ?? null };
      missingLists.set(api, learned);
      return { state: 'not_offered', ...learned };
    }
    return { state: 'unavailable', message: error.message, requestId: error.requestId ?? null };
  }
}
