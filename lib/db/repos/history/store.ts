import 'server-only';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../index';
import {
  chargingHistory,
  dailyReadings,
  historyGathering,
  journeyHistory,
  type ChargingHistoryRow,
  type JourneyHistoryRow,
} from '../../schema';
import { pruneVehicleDays, recordVehicleDayReading, refreshVehicleDays, utcDay, vehicleDayKeysOn, type VehicleDayKey } from './rollup';

// The history store's writes: gathered items by the upstream's ids (gathering again updates), daily
// readings forward only, and pruning past the retention. Each write also brings the per vehicle per
// day rollup (./rollup.ts) of the days it touched up to date.

/** Rows per INSERT: PostgreSQL allows 65,535 parameters per statement, a journey has 16 columns. */
const CHUNK = 500;

const chunks = <T>(rows: readonly T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));

/** `excluded.<column>` of every column but the key's: an item gathered again takes the upstream's latest figures. */
const updateAll = (columns: readonly string[]) => Object.fromEntries(columns.map((c) => [c, sql.raw(`excluded.${c}`)]));

const JOURNEY_UPDATES = [
  'started_at',
  'stopped_at',
  'distance_km',
  'odometer_start_km',
  'odometer_end_km',
  'energy_used_kwh',
  'soc_start',
  'soc_end',
  'start_latitude',
  'start_longitude',
  'stop_latitude',
  'stop_longitude',
  'gathered_at',
];

const CHARGING_UPDATES = [
  'started_at',
  'ended_at',
  'duration_seconds',
  'latitude',
  'longitude',
  'kwh_from_grid',
  'kwh_in_battery',
  'start_soc',
  'end_soc',
  'external_temperature',
  'kw_median',
  'gathered_at',
];

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const setOf = (columns: readonly string[]) =>
  Object.fromEntries(Object.entries(updateAll(columns)).map(([column, value]) => [camel(column), value]));

/** `db.execute`'s rows: an array on postgres-js, `{ rows }` on PGlite. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []));

/** The days the stored items with these ids start on: an item gathered again may have moved to another day. */
async function storedDays(
  db: Db,
  table: 'history_journeys' | 'history_charging_sessions',
  ids: { organizationId: string; vehicleId: string; id: string }[],
) {
  if (ids.length === 0) return [];
  const idColumn = table === 'history_journeys' ? 'journey_id' : 'session_id';
  const keys = sql.join(
    ids.map((k) => sql`(${k.organizationId}::uuid, ${k.vehicleId}::text, ${k.id}::text)`),
    sql`, `,
  );
  const rows = rowsOf<{ organization_id: string; vehicle_id: string; day: string }>(
    await db.execute(sql`
      select distinct organization_id, vehicle_id, to_char((started_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day
      from ${sql.raw(table)}
      where (organization_id, vehicle_id, ${sql.raw(idColumn)}) in (select * from (values ${keys}) as k(o, v, i))`),
  );
  return rows.map((r): VehicleDayKey => ({ organizationId: r.organization_id, vehicleId: r.vehicle_id, day: r.day }));
}

const dayOf = (row: { organizationId: string; vehicleId: string; startedAt: Date }): VehicleDayKey => ({
  organizationId: row.organizationId,
  vehicleId: row.vehicleId,
  day: utcDay(row.startedAt),
});

export async function upsertJourneys(db: Db, rows: readonly JourneyHistoryRow[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    const before = await storedDays(
      db,
      'history_journeys',
      chunk.map((r) => ({ organizationId: r.organizationId, vehicleId: r.vehicleId, id: r.journeyId })),
    );
    await db
      .insert(journeyHistory)
      .values([...chunk])
      .onConflictDoUpdate({
        target: [journeyHistory.organizationId, journeyHistory.vehicleId, journeyHistory.journeyId],
        set: setOf(JOURNEY_UPDATES),
      });
    await refreshVehicleDays(db, [...before, ...chunk.map(dayOf)], new Date());
  }
}

export async function upsertChargingSessions(db: Db, rows: readonly ChargingHistoryRow[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    const before = await storedDays(
      db,
      'history_charging_sessions',
      chunk.map((r) => ({ organizationId: r.organizationId, vehicleId: r.vehicleId, id: r.sessionId })),
    );
    await db
      .insert(chargingHistory)
      .values([...chunk])
      .onConflictDoUpdate({
        target: [chargingHistory.organizationId, chargingHistory.vehicleId, chargingHistory.sessionId],
        set: setOf(CHARGING_UPDATES),
      });
    await refreshVehicleDays(db, [...before, ...chunk.map(dayOf)], new Date());
  }
}

/** Figures of one moment of a vehicle, each with the vehicle's own time of it; absent figures leave the day's as they are. */
export interface DailyFigures {
  odometerKm?: { value: number; at: Date };
  stateOfCharge?: { value: number; at: Date };
  stateOfHealth?: { value: number; at: Date };
  rangeKm?: { value: number; at: Date };
  position?: { latitude: number; longitude: number; at: Date };
}

/**
 * Folds figures into the vehicle's daily readings, each into the UTC day of its own time: the
 * latest state of charge, health, range and position of the day win (an older one never replaces
 * a newer one, as events arrive out of order), the odometer keeps the day's highest.
 */
export async function recordDailyFigures(
  db: Db,
  organizationId: string,
  vehicleId: string,
  figures: DailyFigures,
  now: Date,
): Promise<void> {
  const byDay = new Map<string, Partial<typeof dailyReadings.$inferInsert>>();
  const on = (at: Date) => {
    const day = utcDay(at);
    let row = byDay.get(day);
    if (!row) byDay.set(day, (row = {}));
    return row;
  };
  if (figures.odometerKm) on(figures.odometerKm.at).odometerKm = figures.odometerKm.value;
  if (figures.stateOfCharge)
    Object.assign(on(figures.stateOfCharge.at), { stateOfCharge: figures.stateOfCharge.value, stateOfChargeAt: figures.stateOfCharge.at });
  if (figures.stateOfHealth)
    Object.assign(on(figures.stateOfHealth.at), { stateOfHealth: figures.stateOfHealth.value, stateOfHealthAt: figures.stateOfHealth.at });
  if (figures.rangeKm) Object.assign(on(figures.rangeKm.at), { rangeKm: figures.rangeKm.value, rangeAt: figures.rangeKm.at });
  if (figures.position)
    Object.assign(on(figures.position.at), {
      latitude: figures.position.latitude,
      longitude: figures.position.longitude,
      positionAt: figures.position.at,
    });
  for (const [day, row] of byDay) {
    await db
      .insert(dailyReadings)
      .values({ organizationId, vehicleId, day, ...row, updatedAt: now })
      .onConflictDoUpdate({
        target: [dailyReadings.organizationId, dailyReadings.vehicleId, dailyReadings.day],
        set: {
          odometerKm: sql`greatest(${dailyReadings.odometerKm}, excluded.odometer_km)`,
          ...newer('state_of_charge', 'state_of_charge_at'),
          ...newer('state_of_health', 'state_of_health_at'),
          ...newer('range_km', 'range_at'),
          ...newer('latitude', 'position_at'),
          ...newer('longitude', 'position_at', false),
          updatedAt: sql`excluded.updated_at`,
        },
      });
    const health = figures.stateOfHealth && utcDay(figures.stateOfHealth.at) === day ? figures.stateOfHealth : undefined;
    await recordVehicleDayReading(db, { organizationId, vehicleId, day }, health, now);
  }
}

/** SET of a figure (and, with `moveTime`, its time) that takes the new value only when it is not older than the stored one. */
function newer(column: string, at: string, moveTime = true) {
  const table = 'history_daily_readings';
  // Right-hand sides of an UPDATE read the row as it was: every figure compares with the old time.
  const wins = `(excluded.${at} is not null and (${table}.${at} is null or excluded.${at} >= ${table}.${at}))`;
  const pick = (c: string) => sql.raw(`case when ${wins} then excluded.${c} else ${table}.${c} end`);
  return moveTime ? { [camel(column)]: pick(column), [camel(at)]: pick(at) } : { [camel(column)]: pick(column) };
}

/** Deletes what is older than `before`; returns the rows removed per table. */
export async function pruneHistory(db: Db, before: Date): Promise<{ journeys: number; charging: number; readings: number }> {
  const journeys = await db.delete(journeyHistory).where(lt(journeyHistory.startedAt, before)).returning({ id: journeyHistory.journeyId });
  const charging = await db
    .delete(chargingHistory)
    .where(lt(chargingHistory.startedAt, before))
    .returning({ id: chargingHistory.sessionId });
  const readings = await db
    .delete(dailyReadings)
    .where(lt(dailyReadings.day, utcDay(before)))
    .returning({ day: dailyReadings.day });
  // What was pruned is no longer covered: the store vouches for its items from the cut on.
  await db.update(historyGathering).set({ coveredFrom: before }).where(lt(historyGathering.coveredFrom, before));
  // The rollup: the days before the cut go, the cut's own day keeps what starts from the cut on.
  await pruneVehicleDays(db, before);
  await refreshVehicleDays(db, await vehicleDayKeysOn(db, utcDay(before)), new Date());
  return { journeys: journeys.length, charging: charging.length, readings: readings.length };
}
