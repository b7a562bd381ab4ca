import 'server-only';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../index';
import {
  HISTORY_KINDS,
  historyBackfills,
  historyGathering,
  vehicleDays,
  type BackfillStatus,
  type HistoryBackfill,
  type HistoryKind,
} from '../../schema';

/** The statuses of a request the gathering still works on: another request merges into it. */
export const OPEN_BACKFILL_STATUSES: readonly BackfillStatus[] = ['queued', 'gathering'];

export async function getBackfill(db: Db, organizationId: string, vehicleId: string): Promise<HistoryBackfill | undefined> {
  const [row] = await db
    .select()
    .from(historyBackfills)
    .where(and(eq(historyBackfills.organizationId, organizationId), eq(historyBackfills.vehicleId, vehicleId)));
  return row;
}

/** The organization's backfills still queued or gathering, by vehicle. */
export async function listOpenBackfills(db: Db, organizationId: string): Promise<Map<string, HistoryBackfill>> {
  const rows = await db
    .select()
    .from(historyBackfills)
    .where(and(eq(historyBackfills.organizationId, organizationId), inArray(historyBackfills.status, [...OPEN_BACKFILL_STATUSES])));
  return new Map(rows.map((r) => [r.vehicleId, r]));
}

/** Every backfill of the organization (open or closed), by vehicle: what the report's coverage shows. */
export async function listBackfills(db: Db, organizationId: string): Promise<Map<string, HistoryBackfill>> {
  const rows = await db.select().from(historyBackfills).where(eq(historyBackfills.organizationId, organizationId));
  return new Map(rows.map((r) => [r.vehicleId, r]));
}

export interface NewBackfill {
  organizationId: string;
  vehicleId: string;
  requestedFrom: Date;
  requestedBy: string | null;
  requestedByEmail: string | null;
  requestedAt: Date;
  estimatedCalls: number;
}

/**
 * Records a request in one statement, so two at once cannot both open one: an open request (queued
 * or gathering) keeps its requester, time and progress and takes the earlier start of the two (and
 * the larger estimate); a closed one (done, failed) or none is replaced by a new, queued one.
 */
export async function upsertBackfill(db: Db, input: NewBackfill): Promise<HistoryBackfill> {
  const open = sql`${historyBackfills.status} in ('queued', 'gathering')`;
  const keep = <T>(column: T, excluded: string) => sql`case when ${open} then ${column} else excluded.${sql.raw(excluded)} end`;
  const [row] = await db
    .insert(historyBackfills)
    .values({ ...input, status: 'queued', reason: null, calls: 0, finishedAt: null, updatedAt: input.requestedAt })
    .onConflictDoUpdate({
      target: [historyBackfills.organizationId, historyBackfills.vehicleId],
      set: {
        requestedFrom: sql`case when ${open} then least(${historyBackfills.requestedFrom}, excluded.requested_from) else excluded.requested_from end`,
        estimatedCalls: sql`case when ${open} then greatest(${historyBackfills.estimatedCalls}, excluded.estimated_calls) else excluded.estimated_calls end`,
        status: keep(historyBackfills.status, 'status'),
        reason: keep(historyBackfills.reason, 'reason'),
        requestedBy: keep(historyBackfills.requestedBy, 'requested_by'),
        requestedByEmail: keep(historyBackfills.requestedByEmail, 'requested_by_email'),
        requestedAt: keep(historyBackfills.requestedAt, 'requested_at'),
        calls: keep(historyBackfills.calls, 'calls'),
        finishedAt: keep(historyBackfills.finishedAt, 'finished_at'),
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning();
  return row;
}

/**
 * The gathering's progress on an open request: calls spent, and where it stands as of the start the
 * pass worked to (`requestedFrom`). A request merged meanwhile (an earlier start) keeps its calls
 * counted but stays open: the next pass reaches for the new start.
 */
export async function updateBackfill(
  db: Db,
  organizationId: string,
  vehicleId: string,
  change: { requestedFrom: Date; status: BackfillStatus; reason?: string | null; addCalls?: number; at: Date },
): Promise<void> {
  const finished = change.status === 'done' || change.status === 'failed';
  const same = sql`${historyBackfills.requestedFrom} = ${change.requestedFrom.toISOString()}::timestamptz`;
  const added = change.addCalls ?? 0;
  await db
    .update(historyBackfills)
    .set({
      status: sql`case when ${same} then ${change.status} when ${added} > 0 then 'gathering' else ${historyBackfills.status} end`,
      reason: sql`case when ${same} then ${change.reason ?? null}::text else ${historyBackfills.reason} end`,
      calls: sql`${historyBackfills.calls} + ${added}`,
      finishedAt: sql`case when ${same} then ${finished ? change.at.toISOString() : null}::timestamptz else null end`,
      updatedAt: change.at,
    })
    .where(
      and(
        eq(historyBackfills.organizationId, organizationId),
        eq(historyBackfills.vehicleId, vehicleId),
        inArray(historyBackfills.status, [...OPEN_BACKFILL_STATUSES]),
      ),
    );
}

/** What a backfill estimate's density is read from, for one kind. */
interface DensityCounts {
  /** The vehicle's stored items of the kind (every day stored), once a walk of the kind completed; else 0. */
  vehicleItems: number;
  /**
   * Over the organization's vehicles whose walk of the kind completed: the whole UTC days of
   * [fromDay, toDay) their walks cover, and the items stored on those days.
   */
  fleetItems: number;
  fleetDays: number;
}

/**
 * Per kind, the vehicle's stored items and the fleet's items and days over a bounded window, in one
 * statement over the daily rollup (history_vehicle_days, equal to the raw rows' counts) and the
 * gathering states: the organization's raw journeys and charging sessions are not read, and each
 * vehicle's days are read by the rollup's key (at most the window's days for the fleet, the
 * retention's for the vehicle).
 */
export async function countDensityInputs(
  db: Db,
  organizationId: string,
  vehicleId: string,
  window: { fromDay: string; toDay: string },
): Promise<Record<HistoryKind, DensityCounts>> {
  const g = historyGathering;
  const d = vehicleDays;
  const items = sql`case when ${g.kind} = 'journeys' then ${d.journeys} else ${d.chargingSessions} end`;
  // The walk's whole UTC days within the window: from the first day it covers from midnight on, to the day it completed on (excluded).
  const firstDay = sql`greatest(${window.fromDay}::date, ((${g.coveredFrom} at time zone 'UTC') + interval '1 day' - interval '1 microsecond')::date)`;
  const endDay = sql`least(${window.toDay}::date, (${g.completeAt} at time zone 'UTC')::date)`;
  const ofVehicle = sql`${d.organizationId} = ${g.organizationId} and ${d.vehicleId} = ${g.vehicleId}`;
  const rows = await db
    .select({
      kind: g.kind,
      vehicleItems: sql<number>`coalesce(sum(case when ${g.vehicleId} = ${vehicleId} then (select sum(${items}) from ${d} where ${ofVehicle}) end), 0)::int`,
      fleetItems: sql<number>`coalesce(sum((select sum(${items}) from ${d} where ${ofVehicle} and ${d.day} >= ${firstDay} and ${d.day} < ${endDay})), 0)::int`,
      fleetDays: sql<number>`coalesce(sum(greatest(${endDay} - ${firstDay}, 0)), 0)::int`,
    })
    .from(g)
    .where(and(eq(g.organizationId, organizationId), isNotNull(g.coveredFrom), isNotNull(g.completeAt)))
    .groupBy(g.kind);
  const none: DensityCounts = { vehicleItems: 0, fleetItems: 0, fleetDays: 0 };
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return Object.fromEntries(
    HISTORY_KINDS.map((kind) => {
      const r = byKind.get(kind);
      return [kind, r ? { vehicleItems: Number(r.vehicleItems), fleetItems: Number(r.fleetItems), fleetDays: Number(r.fleetDays) } : none];
    }),
  ) as Record<HistoryKind, DensityCounts>;
}
