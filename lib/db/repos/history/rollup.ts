import 'server-only';
import { and, eq, gte, inArray, lt, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '../../index';
import { vehicleDays } from '../../schema';

// The per vehicle per UTC day rollup (history_vehicle_days): written from the raw rows of each day a
// write touches, read by the reports. The raw tables stay the truth; the rollup is a cache of their
// sums that every write keeps equal to them.

/** One vehicle's UTC day (`YYYY-MM-DD`). */
export interface VehicleDayKey {
  organizationId: string;
  vehicleId: string;
  day: string;
}

/** The UTC day (`YYYY-MM-DD`) of a time: the history store's day everywhere. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The start (00:00 UTC) of a day `YYYY-MM-DD`: utcDay's inverse. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The history reads' "only these vehicles": every vehicle when `vehicleIds` is absent, none when it
 * is empty, else those.
 */
export function onlyVehicles(column: Column, vehicleIds?: readonly string[]): SQL | undefined {
  if (!vehicleIds) return undefined;
  return vehicleIds.length ? inArray(column, [...vehicleIds]) : sql`false`;
}

/** Keys per statement: three parameters each. */
const KEYS_PER_STATEMENT = 1000;

const uniqueKeys = (keys: readonly VehicleDayKey[]) => [
  ...new Map(keys.map((k) => [`${k.organizationId}\u0000${k.vehicleId}\u0000${k.day}`, k])).values(),
];

const valuesOf = (keys: readonly VehicleDayKey[]) =>
  sql.join(
    keys.map((k) => sql`(${k.organizationId}::uuid, ${k.vehicleId}::text, ${k.day}::date)`),
    sql`, `,
  );

/**
 * Recomputes the journey and charging figures of these vehicle days from the raw rows (through the
 * (organization, vehicle, start) indexes), and removes a day left with nothing (no item, no reading).
 * Concurrent writers of the same vehicle day are not expected: the gathering walks a vehicle's
 * kinds one after the other, once per cluster.
 */
export async function refreshVehicleDays(db: Db, keys: readonly VehicleDayKey[], now: Date): Promise<void> {
  const all = uniqueKeys(keys);
  for (let i = 0; i < all.length; i += KEYS_PER_STATEMENT) {
    const chunk = all.slice(i, i + KEYS_PER_STATEMENT);
    const values = valuesOf(chunk);
    await db.execute(sql`
      insert into history_vehicle_days (organization_id, vehicle_id, day, journeys, distance_km, driving_seconds, energy_used_kwh,
        charging_sessions, energy_charged_kwh, energy_into_battery_kwh, updated_at)
      select k.organization_id, k.vehicle_id, k.day, j.journeys, j.distance_km, j.driving_seconds, j.energy_used_kwh,
        c.sessions, c.kwh_from_grid, c.kwh_in_battery, ${now.toISOString()}::timestamptz
      from (values ${values}) as k(organization_id, vehicle_id, day)
      cross join lateral (
        select count(*)::int as journeys, coalesce(sum(distance_km), 0)::float8 as distance_km,
          coalesce(sum(extract(epoch from (stopped_at - started_at))), 0)::float8 as driving_seconds,
          coalesce(sum(energy_used_kwh), 0)::float8 as energy_used_kwh
        from history_journeys
        where organization_id = k.organization_id and vehicle_id = k.vehicle_id
          and started_at >= (k.day::timestamp at time zone 'UTC') and started_at < ((k.day + 1)::timestamp at time zone 'UTC')
      ) j
      cross join lateral (
        select count(*)::int as sessions, coalesce(sum(kwh_from_grid), 0)::float8 as kwh_from_grid,
          coalesce(sum(kwh_in_battery), 0)::float8 as kwh_in_battery
        from history_charging_sessions
        where organization_id = k.organization_id and vehicle_id = k.vehicle_id
          and started_at >= (k.day::timestamp at time zone 'UTC') and started_at < ((k.day + 1)::timestamp at time zone 'UTC')
      ) c
      on conflict (organization_id, vehicle_id, day) do update set
        journeys = excluded.journeys, distance_km = excluded.distance_km, driving_seconds = excluded.driving_seconds,
        energy_used_kwh = excluded.energy_used_kwh, charging_sessions = excluded.charging_sessions,
        energy_charged_kwh = excluded.energy_charged_kwh, energy_into_battery_kwh = excluded.energy_into_battery_kwh,
        updated_at = excluded.updated_at`);
    await db.execute(sql`
      delete from history_vehicle_days
      where (organization_id, vehicle_id, day) in (select * from (values ${values}) as k(organization_id, vehicle_id, day))
        and journeys = 0 and charging_sessions = 0 and not has_reading`);
  }
}

/**
 * Marks the day of each figure as reported and folds a state of health into the day's first and
 * last (by the vehicle's own time: out-of-order events move neither the wrong way).
 */
export async function recordVehicleDayReading(
  db: Db,
  key: VehicleDayKey,
  stateOfHealth: { value: number; at: Date } | undefined,
  now: Date,
): Promise<void> {
  const t = 'history_vehicle_days';
  const soh = stateOfHealth
    ? {
        stateOfHealthFirst: stateOfHealth.value,
        stateOfHealthFirstAt: stateOfHealth.at,
        stateOfHealthLast: stateOfHealth.value,
        stateOfHealthLastAt: stateOfHealth.at,
      }
    : {};
  const earlier = `(excluded.state_of_health_first_at is not null and (${t}.state_of_health_first_at is null or excluded.state_of_health_first_at < ${t}.state_of_health_first_at))`;
  const later = `(excluded.state_of_health_last_at is not null and (${t}.state_of_health_last_at is null or excluded.state_of_health_last_at >= ${t}.state_of_health_last_at))`;
  const pick = (wins: string, column: string) => sql.raw(`case when ${wins} then excluded.${column} else ${t}.${column} end`);
  await db
    .insert(vehicleDays)
    .values({ ...key, hasReading: true, ...soh, updatedAt: now })
    .onConflictDoUpdate({
      target: [vehicleDays.organizationId, vehicleDays.vehicleId, vehicleDays.day],
      set: {
        hasReading: true,
        stateOfHealthFirst: pick(earlier, 'state_of_health_first'),
        stateOfHealthFirstAt: pick(earlier, 'state_of_health_first_at'),
        stateOfHealthLast: pick(later, 'state_of_health_last'),
        stateOfHealthLastAt: pick(later, 'state_of_health_last_at'),
        updatedAt: now,
      },
    });
}

/**
 * Rebuilds the rollup of an organization (every organization without one) from the raw rows in one
 * statement: the migration's fill, and the benchmark's. A day's state of health is the daily
 * reading's (the latest), as first and last, where the rollup has none yet.
 */
export async function rebuildVehicleDays(db: Db, now: Date, organizationId?: string): Promise<void> {
  const scope = (table: string): SQL => (organizationId ? sql`where ${sql.raw(table)}.organization_id = ${organizationId}::uuid` : sql``);
  await db.execute(sql`
    insert into history_vehicle_days as h (organization_id, vehicle_id, day, journeys, distance_km, driving_seconds, energy_used_kwh,
      charging_sessions, energy_charged_kwh, energy_into_battery_kwh, has_reading, state_of_health_first, state_of_health_first_at,
      state_of_health_last, state_of_health_last_at, updated_at)
    select organization_id, vehicle_id, day, sum(journeys)::int, sum(distance_km)::float8, sum(driving_seconds)::float8,
      sum(energy_used_kwh)::float8, sum(sessions)::int, sum(kwh_from_grid)::float8, sum(kwh_in_battery)::float8, bool_or(has_reading),
      max(soh), max(soh_at), max(soh), max(soh_at), ${now.toISOString()}::timestamptz
    from (
      select organization_id, vehicle_id, (started_at at time zone 'UTC')::date as day, count(*) as journeys,
        coalesce(sum(distance_km), 0)::float8 as distance_km,
        coalesce(sum(extract(epoch from (stopped_at - started_at))), 0)::float8 as driving_seconds,
        coalesce(sum(energy_used_kwh), 0)::float8 as energy_used_kwh, 0 as sessions, 0::float8 as kwh_from_grid,
        0::float8 as kwh_in_battery, false as has_reading, null::float8 as soh, null::timestamptz as soh_at
      from history_journeys ${scope('history_journeys')} group by 1, 2, 3
      union all
      select organization_id, vehicle_id, (started_at at time zone 'UTC')::date, 0, 0, 0, 0, count(*),
        coalesce(sum(kwh_from_grid), 0)::float8, coalesce(sum(kwh_in_battery), 0)::float8, false, null, null
      from history_charging_sessions ${scope('history_charging_sessions')} group by 1, 2, 3
      union all
      select organization_id, vehicle_id, day, 0, 0, 0, 0, 0, 0, 0, true, state_of_health, state_of_health_at
      from history_daily_readings ${scope('history_daily_readings')}
    ) x
    group by 1, 2, 3
    on conflict (organization_id, vehicle_id, day) do update set
      journeys = excluded.journeys, distance_km = excluded.distance_km, driving_seconds = excluded.driving_seconds,
      energy_used_kwh = excluded.energy_used_kwh, charging_sessions = excluded.charging_sessions,
      energy_charged_kwh = excluded.energy_charged_kwh, energy_into_battery_kwh = excluded.energy_into_battery_kwh,
      has_reading = h.has_reading or excluded.has_reading,
      state_of_health_first = coalesce(h.state_of_health_first, excluded.state_of_health_first),
      state_of_health_first_at = coalesce(h.state_of_health_first_at, excluded.state_of_health_first_at),
      state_of_health_last = coalesce(h.state_of_health_last, excluded.state_of_health_last),
      state_of_health_last_at = coalesce(h.state_of_health_last_at, excluded.state_of_health_last_at),
      updated_at = excluded.updated_at`);
}

/** Removes the rollup's days before `before`'s UTC day; returns the rows removed. */
export async function pruneVehicleDays(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(vehicleDays)
    .where(lt(vehicleDays.day, utcDay(before)))
    .returning({ day: vehicleDays.day });
  return removed.length;
}

/** The vehicle days of `day` (every organization): the day a cut inside it leaves partly pruned. */
export async function vehicleDayKeysOn(db: Db, day: string): Promise<VehicleDayKey[]> {
  return db
    .select({ organizationId: vehicleDays.organizationId, vehicleId: vehicleDays.vehicleId, day: vehicleDays.day })
    .from(vehicleDays)
    .where(eq(vehicleDays.day, day));
}

/** UTC days [fromDay, toDay) of an organization, optionally some vehicles only. */
export function vehicleDaysWithin(organizationId: string, fromDay: string, toDay: string, vehicleIds?: readonly string[]) {
  const d = vehicleDays;
  return and(eq(d.organizationId, organizationId), gte(d.day, fromDay), lt(d.day, toDay), onlyVehicles(d.vehicleId, vehicleIds));
}

/** A vehicle's journey and charging figures summed over days. */
export interface DayTotals {
  vehicleId: string;
  journeys: number;
  distanceKm: number;
  drivingSeconds: number;
  /** Energy the journeys used (kWh). */
  energyUsedKwh: number;
  chargingSessions: number;
  /** Energy charged, as the grid delivered it (kWh): what a tariff prices. */
  energyChargedKwh: number;
  /** Energy that reached the battery (kWh). */
  energyIntoBatteryKwh: number;
}

const d = vehicleDays;
const sums = {
  journeys: sql<number>`coalesce(sum(${d.journeys}), 0)::int`,
  distanceKm: sql<number>`coalesce(sum(${d.distanceKm}), 0)::float8`,
  drivingSeconds: sql<number>`coalesce(sum(${d.drivingSeconds}), 0)::float8`,
  energyUsedKwh: sql<number>`coalesce(sum(${d.energyUsedKwh}), 0)::float8`,
  chargingSessions: sql<number>`coalesce(sum(${d.chargingSessions}), 0)::int`,
  energyChargedKwh: sql<number>`coalesce(sum(${d.energyChargedKwh}), 0)::float8`,
  energyIntoBatteryKwh: sql<number>`coalesce(sum(${d.energyIntoBatteryKwh}), 0)::float8`,
};

/** Per vehicle with a journey or a charging session in the UTC days [fromDay, toDay), their sums. */
export async function rollupTotalsByVehicle(
  db: Db,
  organizationId: string,
  fromDay: string,
  toDay: string,
  vehicleIds?: readonly string[],
): Promise<DayTotals[]> {
  return db
    .select({ vehicleId: d.vehicleId, ...sums })
    .from(d)
    .where(vehicleDaysWithin(organizationId, fromDay, toDay, vehicleIds))
    .groupBy(d.vehicleId)
    .having(sql`sum(${d.journeys}) > 0 or sum(${d.chargingSessions}) > 0`);
}

const reported = sql`(${d.hasReading} or ${d.journeys} > 0 or ${d.chargingSessions} > 0)`;

export interface DayActivity {
  vehicleId: string;
  /** Days with a journey, a charging session or a reading. */
  daysWithData: number;
  /** Days with a journey. */
  daysDriven: number;
  /** The first state of health of the first day that has one, with its time; the last of the last day. */
  stateOfHealthStart: number | null;
  stateOfHealthStartAt: Date | null;
  stateOfHealthEnd: number | null;
  stateOfHealthEndAt: Date | null;
}

/** Per vehicle with any day stored in [fromDay, toDay): days reported, days driven, state of health at start and end. */
export async function rollupActivityByVehicle(
  db: Db,
  organizationId: string,
  fromDay: string,
  toDay: string,
  vehicleIds?: readonly string[],
): Promise<DayActivity[]> {
  const rows = await db
    .select({
      vehicleId: d.vehicleId,
      daysWithData: sql<number>`(count(*) filter (where ${reported}))::int`,
      daysDriven: sql<number>`(count(*) filter (where ${d.journeys} > 0))::int`,
      // The value of the earliest (latest) time: the array's first element of the ordered aggregate.
      stateOfHealthStart: sql<
        number | null
      >`(array_agg(${d.stateOfHealthFirst} order by ${d.stateOfHealthFirstAt}) filter (where ${d.stateOfHealthFirstAt} is not null))[1]`,
      stateOfHealthStartAt: sql<string | null>`min(${d.stateOfHealthFirstAt})`,
      stateOfHealthEnd: sql<
        number | null
      >`(array_agg(${d.stateOfHealthLast} order by ${d.stateOfHealthLastAt} desc) filter (where ${d.stateOfHealthLastAt} is not null))[1]`,
      stateOfHealthEndAt: sql<string | null>`max(${d.stateOfHealthLastAt})`,
    })
    .from(d)
    .where(vehicleDaysWithin(organizationId, fromDay, toDay, vehicleIds))
    .groupBy(d.vehicleId);
  const date = (v: string | Date | null) => (v === null ? null : new Date(v));
  return rows.map((r) => ({
    ...r,
    stateOfHealthStart: r.stateOfHealthStart === null ? null : Number(r.stateOfHealthStart),
    stateOfHealthEnd: r.stateOfHealthEnd === null ? null : Number(r.stateOfHealthEnd),
    stateOfHealthStartAt: date(r.stateOfHealthStartAt),
    stateOfHealthEndAt: date(r.stateOfHealthEndAt),
  }));
}

export type SeriesBucket = 'day' | 'week' | 'month';

export interface SeriesPoint extends Omit<DayTotals, 'vehicleId'> {
  /** The bucket's first UTC day (weeks start on Monday). */
  start: string;
  /** Vehicles with a day reported in the bucket. */
  vehiclesReporting: number;
}

/** The organization's (or some vehicles') sums per day, week or month over the UTC days [fromDay, toDay). */
export async function rollupSeries(
  db: Db,
  organizationId: string,
  fromDay: string,
  toDay: string,
  bucket: SeriesBucket,
  vehicleIds?: readonly string[],
): Promise<SeriesPoint[]> {
  // The unit inline (one of three words): a parameter in both SELECT and GROUP BY would be two parameters, not one expression.
  const unit = ({ day: 'day', week: 'week', month: 'month' } as const)[bucket];
  const start = sql<string>`to_char(date_trunc('${sql.raw(unit)}', ${d.day}::timestamp), 'YYYY-MM-DD')`;
  return db
    .select({
      start,
      ...sums,
      vehiclesReporting: sql<number>`(count(distinct ${d.vehicleId}) filter (where ${reported}))::int`,
    })
    .from(d)
    .where(vehicleDaysWithin(organizationId, fromDay, toDay, vehicleIds))
    .groupBy(start)
    .orderBy(start);
}
