import 'server-only';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Db } from '@/lib/db';
import { saveGatheringState, type GatheringState } from '@/lib/db/repos/history/gathering';
import { updateBackfill } from '@/lib/db/repos/history/backfills';
import type { BackfillStatus, HistoryBackfill, HistoryKind } from '@/lib/db/schema';
import type { HistoryPolicy } from './gather-history';
import { failed, listPage, paused, START_FIELD, storeItems, type KindWalk } from './history-pages';
import { retentionCutoff } from './prune-history';

/**
 * A requested backfill's part of the gathering (history_backfills): a walk below what a kind's
 * store covers, down to the requested start, newest first, a page at a time within the same budget
 * as the walk of new items (which goes first), its progress saved after each page
 * (`backfillOldestAt`), so a walk cut by the budget or a restart goes on below what it stored.
 */

/**
 * The start a backfill still reaches for: never before the prune's cut, so a request that outlives
 * a prune is not walked again for days the prune deletes.
 */
export function backfillStart(backfill: Pick<HistoryBackfill, 'requestedFrom'>, now: Date, policy: HistoryPolicy): Date {
  const cut = retentionCutoff(now, policy.retentionMonths);
  return new Date(Math.max(backfill.requestedFrom.getTime(), cut.getTime()));
}

/** Whether a kind's store needs a backfill walk to reach `from`, and may take one now. */
export function wantsBackfillWalk(state: GatheringState, from: Date, at: Date): boolean {
  if (state.status !== 'ok' || state.walkStartedAt || !state.coveredFrom || state.coveredFrom <= from) return false;
  return !state.nextAttemptAt || state.nextAttemptAt <= at;
}

/** One kind's backfill walk until it reaches the start, runs out of budget or fails; returns the state to save. */
export async function backfillWalk(w: KindWalk, start: GatheringState, from: Date): Promise<GatheringState> {
  const { db, api, organizationId, vehicleId, kind, budget, windowEnd, now, policy, result } = w;
  let state = start;
  const upper = state.coveredFrom!;
  const field = START_FIELD[kind];
  for (;;) {
    await yieldToEventLoop();
    if (budget.spent >= budget.allowed) {
      result.outOfBudget += 1;
      return { ...state, nextAttemptAt: windowEnd, updatedAt: now() };
    }
    // The first page reaches the covered start itself (the first walk asked only after it).
    const below = state.backfillOldestAt
      ? { field, operator: '<', value: state.backfillOldestAt.toISOString() }
      : { field, operator: '<=', value: upper.toISOString() };
    const filter = [{ field, operator: '>', value: from.toISOString() }, below];
    budget.spent += 1;
    state = { ...state, callsInWindow: state.callsInWindow + 1 };
    result.calls[kind] += 1;
    let page: Awaited<ReturnType<typeof listPage>>;
    try {
      page = await listPage(api, vehicleId, kind, { maxPageSize: policy.pageSize, filter }, organizationId, now());
    } catch (error) {
      if (paused(error)) {
        await saveGatheringState(db, organizationId, vehicleId, kind, state);
        throw error;
      }
      result.failed += 1;
      return failed(state, error, now(), policy);
    }
    const oldest = state.backfillOldestAt;
    const items = page.items.filter((i) => i.startedAt > from && (oldest ? i.startedAt < oldest : i.startedAt <= upper));
    await storeItems(db, kind, items);
    result.stored[kind] += items.length;
    if (!page.more || items.length === 0) {
      result.completed += 1;
      return { ...state, coveredFrom: from, backfillOldestAt: null, failures: 0, updatedAt: now() };
    }
    const pageOldest = items.reduce((min, i) => (i.startedAt < min ? i.startedAt : min), items[0].startedAt);
    state = { ...state, backfillOldestAt: pageOldest, updatedAt: now() };
    await saveGatheringState(db, organizationId, vehicleId, kind, state);
  }
}

/** Failures in a row after which a backfill is given up (the gathering itself keeps backing off and trying). */
const FAILURES_TO_GIVE_UP = 3;

/** Where a backfill stands after a pass, from its kinds' gathering states. */
export function backfillProgress(
  states: Partial<Record<HistoryKind, GatheringState>>,
  from: Date,
  spentSoFar: number,
): { status: BackfillStatus; reason: string | null } {
  const kinds = Object.entries(states) as [HistoryKind, GatheringState][];
  for (const [kind, state] of kinds) {
    const hopeless =
      state.status === 'no_consent' ||
      state.status === 'not_listening' ||
      state.status === 'disconnected' ||
      (state.status === 'error' && state.failures >= FAILURES_TO_GIVE_UP);
    if (hopeless) return { status: 'failed', reason: `${kind}: ${state.status}${state.reason ? ` (${state.reason})` : ''}` };
  }
  const reached = (s: GatheringState | undefined) => !!s && !!s.completeAt && !!s.coveredFrom && s.coveredFrom <= from;
  if (reached(states.journeys) && reached(states.charging)) return { status: 'done', reason: null };
  return { status: spentSoFar > 0 ? 'gathering' : 'queued', reason: null };
}

/** Records a pass's calls on the vehicle's open backfill and where it now stands. */
export async function recordBackfillPass(
  db: Db,
  backfill: HistoryBackfill,
  states: Partial<Record<HistoryKind, GatheringState>>,
  from: Date,
  calls: number,
  at: Date,
): Promise<void> {
  const progress = backfillProgress(states, from, backfill.calls + calls);
  if (calls === 0 && progress.status === backfill.status && progress.reason === backfill.reason) return;
  await updateBackfill(db, backfill.organizationId, backfill.vehicleId, {
    ...progress,
    requestedFrom: backfill.requestedFrom,
    addCalls: calls,
    at,
  });
}
