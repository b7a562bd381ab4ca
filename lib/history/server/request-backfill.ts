import 'server-only';
import { getDb, type Db } from '@/lib/db';
import { countDensityInputs, getBackfill, OPEN_BACKFILL_STATUSES, upsertBackfill } from '@/lib/db/repos/history/backfills';
import { getGatherVehicle, getVehicleGatheringStates, type GatherVehicle, type GatheringState } from '@/lib/db/repos/history/gathering';
import { dayStart, utcDay } from '@/lib/db/repos/history/rollup';
import { HISTORY_KINDS, type HistoryBackfill, type HistoryKind } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { AppError, invalidField } from '@/lib/errors/app-error';
import type { OrgAccess } from '@/lib/org/org-access';
import {
  estimateBackfill,
  FLEET_DENSITY_DAYS,
  type BackfillEstimate,
  type BackfillPanelView,
  type BackfillView,
  type KindCoverageView,
  type KindEstimateInput,
} from '@/lib/history/backfill';
import type { BackfillQuery, BackfillRequest } from '@/lib/history/schemas';
import { budgetWindow, DAY_MS, HISTORY_GATHER_TICK_MS, historyPolicyOf, type HistoryPolicy } from './gather-history';
import { retentionCutoff } from './prune-history';

export interface BackfillDeps {
  db: Db;
  now: Date;
  policy: HistoryPolicy;
}

const defaults = (): BackfillDeps => ({ db: getDb(), now: new Date(), policy: historyPolicyOf(env()) });

type Access = Pick<OrgAccess, 'org' | 'user'>;

/** The earliest start the retention keeps (the day after its cut, so nothing gathered is pruned at once) and the latest (yesterday). */
export function backfillBounds(now: Date, retentionMonths: number): { earliest: string; latest: string } {
  return {
    earliest: utcDay(new Date(retentionCutoff(now, retentionMonths).getTime() + DAY_MS)),
    latest: utcDay(new Date(now.getTime() - DAY_MS)),
  };
}

async function vehicleOrThrow(db: Db, organizationId: string, vehicleId: string): Promise<GatherVehicle> {
  // The snapshot's roster is the organization's: another organization's vehicle is not found, as an unknown one.
  const vehicle = await getGatherVehicle(db, organizationId, vehicleId);
  if (!vehicle) throw new AppError('NOT_FOUND', 'No such vehicle in this organization’s fleet.');
  return vehicle;
}

/** Why the gathering cannot read the vehicle's history now, or null. */
function unreadableReason(vehicle: GatherVehicle, states: Partial<Record<HistoryKind, GatheringState>>): string | null {
  if (vehicle.connectionStatus !== 'CONNECTED') return `The vehicle is not connected (${vehicle.connectionStatus ?? 'unknown'}).`;
  if (!vehicle.isListening) return 'The vehicle is not listening: turn listening on first.';
  for (const kind of HISTORY_KINDS) {
    const state = states[kind];
    if (state?.status === 'no_consent')
      return `The owner’s consent lacks ${state.reason ?? 'the scope'} for the ${kind === 'journeys' ? 'journeys' : 'charging sessions'}.`;
  }
  return null;
}

const spanDays = (s: GatheringState | undefined) =>
  s?.coveredFrom && s.completeAt ? Math.max(0, (s.completeAt.getTime() - s.coveredFrom.getTime()) / DAY_MS) : 0;

/**
 * What the estimate needs of the store: per kind the vehicle's coverage and density (its own state
 * and counts), and the fleet's over its last FLEET_DENSITY_DAYS, in one bounded read of the rollup:
 * the card asks again every 15 s while a request is open.
 */
async function estimateInputs(
  db: Db,
  organizationId: string,
  vehicleId: string,
  own: Partial<Record<HistoryKind, GatheringState>>,
  now: Date,
): Promise<Record<HistoryKind, KindEstimateInput>> {
  const counts = await countDensityInputs(db, organizationId, vehicleId, {
    fromDay: utcDay(new Date(now.getTime() - FLEET_DENSITY_DAYS * DAY_MS)),
    toDay: utcDay(now),
  });
  const input = (kind: HistoryKind): KindEstimateInput => ({
    // Only a walk that completed vouches for what it covers: before, everything up to now counts as missing.
    coveredFrom: own[kind]?.completeAt ? own[kind].coveredFrom : null,
    vehicleItems: counts[kind].vehicleItems,
    vehicleDays: spanDays(own[kind]),
    fleetItems: counts[kind].fleetItems,
    fleetDays: counts[kind].fleetDays,
  });
  return { journeys: input('journeys'), charging: input('charging') };
}

async function estimateFor(
  vehicle: GatherVehicle,
  own: Partial<Record<HistoryKind, GatheringState>>,
  organizationId: string,
  from: Date,
  deps: BackfillDeps,
): Promise<BackfillEstimate> {
  const window = budgetWindow(vehicle, deps.now.getTime(), deps.policy);
  const spentInWindow = HISTORY_KINDS.reduce(
    (sum, kind) => sum + (own[kind]?.windowStart?.getTime() === window.start.getTime() ? own[kind]!.callsInWindow : 0),
    0,
  );
  return estimateBackfill({
    from,
    now: deps.now,
    pageSize: deps.policy.pageSize,
    kinds: await estimateInputs(deps.db, organizationId, vehicle.vehicleId, own, deps.now),
    budget: {
      allowedPerWindow: window.allowed,
      windowMs: window.end.getTime() - window.start.getTime(),
      known: !!(vehicle.budgetMax && vehicle.budgetWindowSeconds),
      spentInWindow,
      windowEnd: window.end,
    },
    tickMs: HISTORY_GATHER_TICK_MS,
  });
}

export function backfillView(row: HistoryBackfill): BackfillView {
  return {
    vehicleId: row.vehicleId,
    from: utcDay(row.requestedFrom),
    status: row.status,
    reason: row.reason,
    requestedByEmail: row.requestedByEmail,
    requestedAt: row.requestedAt.toISOString(),
    estimatedCalls: row.estimatedCalls,
    calls: row.calls,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const coverageView = (state: GatheringState | undefined): KindCoverageView => ({
  status: state?.status ?? 'pending',
  reason: state?.reason ?? null,
  coveredFrom: state?.coveredFrom?.toISOString() ?? null,
  completeAt: state?.completeAt?.toISOString() ?? null,
});

function checkedFrom(from: string, bounds: { earliest: string; latest: string }, where: 'body' | 'query'): Date {
  if (from < bounds.earliest)
    throw invalidField('from', `The start date must be on or after ${bounds.earliest}: older history is not kept`, { where });
  if (from > bounds.latest) throw invalidField('from', `The start date must be on or before ${bounds.latest}`, { where });
  return dayStart(from);
}

/**
 * A vehicle's history backfill as its panel shows it: the request (if any, with its progress), how
 * far each kind is stored, the bounds of a start, and the estimated cost of gathering back to
 * `from` (absent: the earliest the retention allows). No upstream call.
 */
export async function getVehicleBackfill(
  access: Access,
  vehicleId: string,
  query: BackfillQuery,
  deps: BackfillDeps = defaults(),
): Promise<BackfillPanelView> {
  const orgId = access.org.id;
  const vehicle = await vehicleOrThrow(deps.db, orgId, vehicleId);
  const bounds = backfillBounds(deps.now, deps.policy.retentionMonths);
  const from = checkedFrom(query.from ?? bounds.earliest, bounds, 'query');
  const [own, request] = await Promise.all([getVehicleGatheringStates(deps.db, orgId, vehicleId), getBackfill(deps.db, orgId, vehicleId)]);
  return {
    vehicleId,
    request: request ? backfillView(request) : null,
    coverage: { journeys: coverageView(own.journeys), charging: coverageView(own.charging) },
    unreadable: unreadableReason(vehicle, own),
    ...bounds,
    estimate: await estimateFor(vehicle, own, orgId, from, deps),
  };
}

/**
 * Asks for a vehicle's history back to `from`: recorded (who, when, the start and the estimate) for
 * the `history.gather` job, which walks it within the vehicle's budget share. A request while one
 * is queued or gathering merges into it (the earlier start wins; nothing is asked twice).
 */
export async function requestBackfill(
  access: Access,
  vehicleId: string,
  body: BackfillRequest,
  deps: BackfillDeps = defaults(),
): Promise<{ backfill: BackfillView; merged: boolean; estimate: BackfillEstimate }> {
  const orgId = access.org.id;
  const vehicle = await vehicleOrThrow(deps.db, orgId, vehicleId);
  const from = checkedFrom(body.from, backfillBounds(deps.now, deps.policy.retentionMonths), 'body');
  const [own, existing] = await Promise.all([getVehicleGatheringStates(deps.db, orgId, vehicleId), getBackfill(deps.db, orgId, vehicleId)]);
  const why = unreadableReason(vehicle, own);
  if (why) throw new AppError('HISTORY_UNREADABLE', `The vehicle’s history cannot be gathered now. ${why}`);
  const estimate = await estimateFor(vehicle, own, orgId, from, deps);
  const row = await upsertBackfill(deps.db, {
    organizationId: orgId,
    vehicleId,
    requestedFrom: from,
    requestedBy: access.user.id,
    requestedByEmail: access.user.email,
    requestedAt: deps.now,
    estimatedCalls: estimate.calls,
  });
  const merged = !!existing && OPEN_BACKFILL_STATUSES.includes(existing.status);
  return { backfill: backfillView(row), merged, estimate };
}
