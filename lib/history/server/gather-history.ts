import 'server-only';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Db } from '@/lib/db';
import { listOrganizationIds } from '@/lib/db/repos/vehicle-snapshots';
import {
  emptyGatheringState,
  listGatheringStates,
  listGatherVehicles,
  saveGatheringState,
  type GatheringState,
  type GatherVehicle,
} from '@/lib/db/repos/history/gathering';
import { HISTORY_KINDS, type HistoryBackfill, type HistoryKind } from '@/lib/db/schema';
import type { Env } from '@/lib/env';
import { logger } from '@/lib/ops/log';
import type { VehicleApi } from '@/lib/vehicle-api';
import { listOpenBackfills } from '@/lib/db/repos/history/backfills';
import { backfillStart, backfillWalk, recordBackfillPass, wantsBackfillWalk } from './gather-backfill';
import { failed, listPage, paused, START_FIELD, storeItems, type KindWalk } from './history-pages';
import type { Gathered } from './history-rows';
import { retentionCutoff } from './prune-history';

export interface HistoryPolicy {
  /** A vehicle's lists are asked for what is new at most this often. */
  intervalMs: number;
  /** Share of the vehicle's COMMANDS_AND_FETCH_STATE budget (as the snapshot stored it) the gathering may spend (0..1]. */
  budgetShare: number;
  /** Calls per day per vehicle while its budget is not known yet (the snapshot reads it once a day). */
  unknownBudgetCallsPerDay: number;
  /** How far back a vehicle's first walk reaches (never past the retention). */
  backfillMs: number;
  /** Calendar months (UTC) the history is kept, as `history.prune` cuts (retentionCutoff): nothing before them is gathered. */
  retentionMonths: number;
  /** Vehicles gathered at once per organization. */
  concurrency: number;
  /** A vehicle whose consent lacks the scope is asked again after this long (the owner must act first). */
  noConsentRetryMs: number;
  /** A vehicle the upstream no longer knows (404) is asked again after this long. */
  notFoundRetryMs: number;
  /** The first retry after another failure; doubled per failure in a row, up to a day. */
  errorRetryMs: number;
  pageSize: number;
}

export const DAY_MS = 24 * 60 * 60_000;

/** How often the `history.gather` job runs (each pass asks only for what is due, within each vehicle's share). */
export const HISTORY_GATHER_TICK_MS = 10 * 60_000;

export const DEFAULT_HISTORY_POLICY: Omit<HistoryPolicy, 'intervalMs' | 'budgetShare' | 'backfillMs' | 'retentionMonths'> = {
  unknownBudgetCallsPerDay: 4,
  concurrency: 8,
  noConsentRetryMs: 7 * DAY_MS,
  notFoundRetryMs: DAY_MS,
  errorRetryMs: 15 * 60_000,
  pageSize: 100,
};

/** The policy the environment sets (HISTORY_*), the rest at its defaults. */
export function historyPolicyOf(
  e: Pick<Env, 'HISTORY_GATHER_INTERVAL_HOURS' | 'HISTORY_BUDGET_SHARE' | 'HISTORY_BACKFILL_DAYS' | 'HISTORY_RETENTION_MONTHS'>,
): HistoryPolicy {
  return {
    ...DEFAULT_HISTORY_POLICY,
    intervalMs: e.HISTORY_GATHER_INTERVAL_HOURS * 60 * 60_000,
    budgetShare: e.HISTORY_BUDGET_SHARE,
    backfillMs: e.HISTORY_BACKFILL_DAYS * DAY_MS,
    retentionMonths: e.HISTORY_RETENTION_MONTHS,
  };
}

export interface GatherPassResult {
  vehicles: number;
  /** Upstream calls, by kind. */
  calls: Record<HistoryKind, number>;
  stored: Record<HistoryKind, number>;
  /** Walks finished (the kind's store complete up to the walk's start). */
  completed: number;
  /** Walks left for the next budget window. */
  outOfBudget: number;
  failed: number;
}

export type ApiForOrganization = (organizationId: string) => Promise<VehicleApi | undefined>;

/**
 * One pass of the history gathering over every organization's snapshot roster: for each
 * listening, connected vehicle and each kind (journeys, charging sessions) that is due, the
 * upstream's list newest first, asking only for items started after the newest stored one, a page
 * at a time within the vehicle's budget share. Progress is saved after each page: a walk cut by the
 * budget, an error or a restart goes on where it stopped. A vehicle the upstream cannot read is
 * recorded with the reason and left until its next attempt.
 */
export async function gatherHistory(
  db: Db,
  apiForOrganization: ApiForOrganization,
  now: () => Date,
  policy: HistoryPolicy,
  signal?: AbortSignal,
): Promise<GatherPassResult> {
  const result: GatherPassResult = {
    vehicles: 0,
    calls: { journeys: 0, charging: 0 },
    stored: { journeys: 0, charging: 0 },
    completed: 0,
    outOfBudget: 0,
    failed: 0,
  };
  for (const organizationId of await listOrganizationIds(db)) {
    if (signal?.aborted) break;
    const api = await apiForOrganization(organizationId).catch(() => undefined);
    if (!api) continue;
    try {
      await gatherOrganization(db, api, organizationId, now, policy, result, signal);
    } catch (error) {
      if (!paused(error))
        logger().error({ event: 'history.gather_failed', organizationId, err: error }, 'history gathering of an organization failed');
    }
  }
  return result;
}

async function gatherOrganization(
  db: Db,
  api: VehicleApi,
  organizationId: string,
  now: () => Date,
  policy: HistoryPolicy,
  result: GatherPassResult,
  signal?: AbortSignal,
): Promise<void> {
  const vehicles = await listGatherVehicles(db, organizationId);
  const states = await listGatheringStates(db, organizationId);
  const backfills = await listOpenBackfills(db, organizationId);
  let next = 0;
  let stop: unknown;
  const worker = async () => {
    while (!signal?.aborted && stop === undefined && next < vehicles.length) {
      const vehicle = vehicles[next++];
      try {
        const backfill = backfills.get(vehicle.vehicleId);
        await gatherVehicle(db, api, organizationId, vehicle, states.get(vehicle.vehicleId) ?? {}, backfill, now, policy, result);
      } catch (error) {
        // The breaker paused the organization: the next pass tries again.
        stop = error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(policy.concurrency, vehicles.length)) }, worker));
  if (stop !== undefined) throw stop;
}

/** The vehicle's budget window as of `at` and the calls the gathering may spend in it. */
export function budgetWindow(vehicle: Pick<GatherVehicle, 'budgetMax' | 'budgetWindowSeconds'>, at: number, policy: HistoryPolicy) {
  const known = vehicle.budgetMax && vehicle.budgetWindowSeconds;
  const windowMs = known ? vehicle.budgetWindowSeconds! * 1000 : DAY_MS;
  const allowed = known ? Math.floor(vehicle.budgetMax! * policy.budgetShare) : policy.unknownBudgetCallsPerDay;
  const start = Math.floor(at / windowMs) * windowMs;
  return { start: new Date(start), end: new Date(start + windowMs), allowed };
}

async function gatherVehicle(
  db: Db,
  api: VehicleApi,
  organizationId: string,
  vehicle: GatherVehicle,
  states: Partial<Record<HistoryKind, GatheringState>>,
  backfill: HistoryBackfill | undefined,
  now: () => Date,
  policy: HistoryPolicy,
  result: GatherPassResult,
): Promise<void> {
  const save = (kind: HistoryKind, state: GatheringState) => saveGatheringState(db, organizationId, vehicle.vehicleId, kind, state);
  const unreadable =
    vehicle.connectionStatus !== 'CONNECTED'
      ? { status: 'disconnected' as const, reason: vehicle.connectionStatus ?? 'UNKNOWN' }
      : !vehicle.isListening
        ? { status: 'not_listening' as const, reason: 'NOT_LISTENING' }
        : undefined;
  if (unreadable) {
    // Recorded once; asked again when the snapshot sees the vehicle connected and listening.
    const recorded: Partial<Record<HistoryKind, GatheringState>> = {};
    for (const kind of HISTORY_KINDS) {
      const state = states[kind] ?? emptyGatheringState(now());
      recorded[kind] = { ...state, ...unreadable, nextAttemptAt: null, updatedAt: now() };
      if (state.status !== unreadable.status || state.reason !== unreadable.reason) await save(kind, recorded[kind]);
    }
    if (backfill) await recordBackfillPass(db, backfill, recorded, backfill.requestedFrom, 0, now());
    return;
  }
  result.vehicles += 1;
  const window = budgetWindow(vehicle, now().getTime(), policy);
  const inWindow = (s: GatheringState | undefined) => (s?.windowStart?.getTime() === window.start.getTime() ? s.callsInWindow : 0);
  const budget = { spent: HISTORY_KINDS.reduce((sum, kind) => sum + inWindow(states[kind]), 0), allowed: window.allowed };
  const spentBefore = budget.spent;
  // A requested backfill: the first walk reaches back to its start; a later one walks below what is stored.
  const from = backfill ? backfillStart(backfill, now(), policy) : undefined;
  const after: Partial<Record<HistoryKind, GatheringState>> = {};
  const kindWalk = (kind: HistoryKind): KindWalk => ({
    db,
    api,
    organizationId,
    vehicleId: vehicle.vehicleId,
    kind,
    budget,
    windowEnd: window.end,
    now,
    policy,
    result,
  });
  for (const kind of HISTORY_KINDS) {
    const stored = states[kind];
    let state: GatheringState = stored
      ? { ...stored, callsInWindow: inWindow(stored), windowStart: window.start }
      : { ...emptyGatheringState(now()), windowStart: window.start };
    let changed = false;
    if (isDue(state, now().getTime(), policy)) {
      // New items first: a backfill takes only what the walk of new items leaves of the budget.
      state = await walk(kindWalk(kind), state, from);
      changed = true;
    }
    if (from && wantsBackfillWalk(state, from, now())) {
      state = await backfillWalk(kindWalk(kind), state, from);
      changed = true;
    }
    if (changed) await save(kind, state);
    after[kind] = state;
  }
  if (backfill && from) await recordBackfillPass(db, backfill, after, from, budget.spent - spentBefore, now());
}

function isDue(state: GatheringState, at: number, policy: HistoryPolicy): boolean {
  if (state.nextAttemptAt && at < state.nextAttemptAt.getTime()) return false;
  // Recorded from the roster (disconnected, not listening) and now connected and listening again: at once.
  if (state.status === 'not_listening' || (state.status === 'disconnected' && state.reason !== 'RESOURCE_NOT_FOUND')) return true;
  if (state.walkStartedAt || !state.completeAt) return true;
  return at - state.completeAt.getTime() >= policy.intervalMs;
}

/** One kind's walk, page after page, until done, out of budget or failed; returns the state to save. */
async function walk(w: KindWalk, start: GatheringState, requestedFrom?: Date): Promise<GatheringState> {
  const { db, api, organizationId, vehicleId, kind, budget, windowEnd, now, policy, result } = w;
  let state = start;
  const defaultHorizon = new Date(Math.max(now().getTime() - policy.backfillMs, retentionCutoff(now(), policy.retentionMonths).getTime()));
  const horizon = requestedFrom && requestedFrom < defaultHorizon ? requestedFrom : defaultHorizon;
  // The first walk reaches back to the horizon as of its start (kept, so a resumed walk reaches as far).
  if (!state.coveredFrom) state = { ...state, coveredFrom: horizon };
  const lower = state.cursorAt ?? state.coveredFrom ?? horizon;
  if (!state.walkStartedAt) state = { ...state, walkStartedAt: now(), walkNewestAt: null, walkOldestAt: null };
  const save = (s: GatheringState) => saveGatheringState(db, organizationId, vehicleId, kind, s);
  for (;;) {
    // The embedded sandbox and database answer without I/O: a pass would be one unbroken chain of
    // promises, and the server answered nothing else for its length (25 s at start-up here).
    await yieldToEventLoop();
    if (budget.spent >= budget.allowed) {
      result.outOfBudget += 1;
      return { ...state, nextAttemptAt: windowEnd, updatedAt: now() };
    }
    const field = START_FIELD[kind];
    const filter = [
      { field, operator: '>', value: lower.toISOString() },
      ...(state.walkOldestAt ? [{ field, operator: '<', value: state.walkOldestAt.toISOString() }] : []),
    ];
    budget.spent += 1;
    state = { ...state, callsInWindow: state.callsInWindow + 1 };
    result.calls[kind] += 1;
    let page: { items: Gathered[]; more: boolean };
    try {
      page = await listPage(api, vehicleId, kind, { maxPageSize: policy.pageSize, filter }, organizationId, now());
    } catch (error) {
      if (paused(error)) {
        await save(state);
        throw error;
      }
      result.failed += 1;
      return failed(state, error, now(), policy);
    }
    // An upstream that ignored the filter would page the whole past: keep only what was asked for.
    const items = page.items.filter((i) => i.startedAt > lower && (!state.walkOldestAt || i.startedAt < state.walkOldestAt));
    await storeItems(db, kind, items);
    result.stored[kind] += items.length;
    for (const item of items) {
      // An item still going on (no end yet) is asked again next time: the cursor stays just below it.
      const cursor = item.ended ? item.startedAt : new Date(item.startedAt.getTime() - 1);
      if (!state.walkNewestAt || cursor > state.walkNewestAt) state = { ...state, walkNewestAt: cursor };
      if (!state.walkOldestAt || item.startedAt < state.walkOldestAt) state = { ...state, walkOldestAt: item.startedAt };
    }
    if (!page.more || items.length === 0) {
      result.completed += 1;
      return {
        ...state,
        status: 'ok',
        reason: null,
        failures: 0,
        nextAttemptAt: null,
        cursorAt: state.walkNewestAt && (!state.cursorAt || state.walkNewestAt > state.cursorAt) ? state.walkNewestAt : state.cursorAt,
        completeAt: state.walkStartedAt,
        walkStartedAt: null,
        walkNewestAt: null,
        walkOldestAt: null,
        updatedAt: now(),
      };
    }
    state = { ...state, updatedAt: now() };
    await save(state);
  }
}
