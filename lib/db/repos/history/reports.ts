import 'server-only';
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Db } from '../../index';
import { chargingHistory, dailyReadings, journeyHistory } from '../../schema';
import { onlyVehicles, utcDay } from './rollup';

// The history store's reads: sums per vehicle over a period, days with data, one vehicle's items.
// Periods are half-open, [from, to); an item belongs to the period its start falls in.

export interface Period {
  from: Date;
  to: Date;
}

export interface JourneyTotals {
  vehicleId: string;
  journeys: number;
  distanceKm: number;
  drivingSeconds: number;
  energyUsedKwh: number;
}

export async function journeyTotalsByVehicle(db: Db, organizationId: string, period: Period): Promise<JourneyTotals[]> {
  const j = journeyHistory;
  return db
    .select({
      vehicleId: j.vehicleId,
      journeys: sql<number>`count(*)::int`,
      distanceKm: sql<number>`coalesce(sum(${j.distanceKm}), 0)::float8`,
      drivingSeconds: sql<number>`coalesce(sum(extract(epoch from (${j.stoppedAt} - ${j.startedAt}))), 0)::float8`,
      energyUsedKwh: sql<number>`coalesce(sum(${j.energyUsedKwh}), 0)::float8`,
    })
    .from(j)
    .where(and(eq(j.organizationId, organizationId), gte(j.startedAt, period.from), lt(j.startedAt, period.to)))
    .groupBy(j.vehicleId);
}

export interface ChargingTotals {
  vehicleId: string;
  sessions: number;
  kwhFromGrid: number;
  kwhInBattery: number;
}

export async function chargingTotalsByVehicle(db: Db, organizationId: string, period: Period): Promise<ChargingTotals[]> {
  const c = chargingHistory;
  return db
    .select({
      vehicleId: c.vehicleId,
      sessions: sql<number>`count(*)::int`,
      kwhFromGrid: sql<number>`coalesce(sum(${c.kwhFromGrid}), 0)::float8`,
      kwhInBattery: sql<number>`coalesce(sum(${c.kwhInBattery}), 0)::float8`,
    })
    .from(c)
    .where(and(eq(c.organizationId, organizationId), gte(c.startedAt, period.from), lt(c.startedAt, period.to)))
    .groupBy(c.vehicleId);
}

/** Per vehicle, how many UTC days of the period have anything stored: a journey, a charging session or a reading. */
export async function daysWithDataByVehicle(db: Db, organizationId: string, period: Period): Promise<Map<string, number>> {
  const j = journeyHistory;
  const c = chargingHistory;
  const r = dailyReadings;
  const days = union(
    db
      .select({ vehicleId: j.vehicleId, day: sql<string>`(${j.startedAt} at time zone 'UTC')::date`.as('day') })
      .from(j)
      .where(and(eq(j.organizationId, organizationId), gte(j.startedAt, period.from), lt(j.startedAt, period.to))),
    db
      .select({ vehicleId: c.vehicleId, day: sql<string>`(${c.startedAt} at time zone 'UTC')::date`.as('day') })
      .from(c)
      .where(and(eq(c.organizationId, organizationId), gte(c.startedAt, period.from), lt(c.startedAt, period.to))),
    db
      .select({ vehicleId: r.vehicleId, day: sql<string>`${r.day}`.as('day') })
      .from(r)
      .where(and(eq(r.organizationId, organizationId), gte(r.day, utcDay(period.from)), lt(r.day, utcDay(period.to)))),
  ).as('days');
  const rows = await db
    .select({ vehicleId: days.vehicleId, days: sql<number>`count(*)::int` })
    .from(days)
    .groupBy(days.vehicleId);
  return new Map(rows.map((row) => [row.vehicleId, row.days]));
}

export async function listStoredChargingSessions(db: Db, organizationId: string, vehicleId: string, period: Period) {
  const c = chargingHistory;
  return db
    .select()
    .from(c)
    .where(and(eq(c.organizationId, organizationId), eq(c.vehicleId, vehicleId), gte(c.startedAt, period.from), lt(c.startedAt, period.to)))
    .orderBy(desc(c.startedAt));
}

export async function listStoredJourneys(db: Db, organizationId: string, vehicleId: string, period: Period) {
  const j = journeyHistory;
  return db
    .select()
    .from(j)
    .where(and(eq(j.organizationId, organizationId), eq(j.vehicleId, vehicleId), gte(j.startedAt, period.from), lt(j.startedAt, period.to)))
    .orderBy(desc(j.startedAt));
}

export async function listDailyReadings(db: Db, organizationId: string, vehicleId: string, period: Period) {
  const r = dailyReadings;
  return db
    .select()
    .from(r)
    .where(
      and(eq(r.organizationId, organizationId), eq(r.vehicleId, vehicleId), gte(r.day, utcDay(period.from)), lt(r.day, utcDay(period.to))),
    )
    .orderBy(r.day);
}

/** The organization's (or some vehicles') charging sessions started within the period, with what pricing them needs. */
export async function listChargingForCost(db: Db, organizationId: string, period: Period, vehicleIds?: readonly string[]) {
  const c = chargingHistory;
  return db
    .select({
      vehicleId: c.vehicleId,
      startedAt: c.startedAt,
      endedAt: c.endedAt,
      durationSeconds: c.durationSeconds,
      kwhFromGrid: c.kwhFromGrid,
    })
    .from(c)
    .where(
      and(
        eq(c.organizationId, organizationId),
        gte(c.startedAt, period.from),
        lt(c.startedAt, period.to),
        onlyVehicles(c.vehicleId, vehicleIds),
      ),
    );
}
