/**
 * Fleet history figures (issue 32). (1) Backfill: BENCH_HISTORY_BACKFILL_VEHICLES (240) sandbox
 * vehicles x 90 days on PGlite through the gathering job (HISTORY_* defaults), then a simulated
 * week of hourly ticks in which the upstream's history grows by a day each day: upstream calls per
 * vehicle per day in steady state (goal: at most 2). (2) Reports: BENCH_HISTORY_VEHICLES (10,000)
 * vehicles x BENCH_HISTORY_MONTHS (13) of history generated in the database (about 1.5 journeys a
 * day and a charging session every third day per vehicle, a daily reading every day, as the sandbox
 * has them), on PostgreSQL when it answers (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
 * a database of its own, dropped after), else PGlite: the monthly per-vehicle distance and energy
 * report (`vehicleTotals`, read from the per vehicle per day rollup, which is built from the generated
 * rows by `rebuildVehicleDays`), its p50/p95 over 20 runs on random months, and the size per
 * vehicle-month. BENCH_HISTORY_PARTS (`backfill,reports`) runs one part only.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { createTestDatabase, postgresAvailable } from '@/lib/db/testing.test-support';
import { createOrganization } from '@/lib/db/repos/organizations';
import { rebuildVehicleDays } from '@/lib/db/repos/history/rollup';
import { gatherHistory } from '@/lib/history/server/gather-history';
import { TEST_POLICY, historyOrganization, historyWorld } from '@/lib/history/server/history.test-support';
import { fleetSeries, periodCoverage, vehicleActivity, vehicleTotals } from '@/lib/history/server/history-queries';
import { quantile } from './support/stats';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const BACKFILL_VEHICLES = Number(process.env.BENCH_HISTORY_BACKFILL_VEHICLES ?? 240);
const VEHICLES = Number(process.env.BENCH_HISTORY_VEHICLES ?? 10_000);
const MONTHS = Number(process.env.BENCH_HISTORY_MONTHS ?? 13);
const REPORT_RUNS = 20;
const PARTS = (process.env.BENCH_HISTORY_PARTS ?? 'backfill,reports').split(',');

async function backfill() {
  const database = await createTestDatabase('pglite');
  try {
    const w = historyWorld({ vehiclesPerOrg: BACKFILL_VEHICLES, seed: 42 });
    // The upstream's history appears a week late, so each simulated day brings a day of new items.
    w.visibleUntil = w.now().getTime() - 7 * DAY_MS;
    const org = await historyOrganization(database.db, w);
    const started = performance.now();
    const first = await gatherHistory(database.db, org.apiFor, w.now, TEST_POLICY);
    const ms = performance.now() - started;
    console.log(
      `backfill: ${first.vehicles} readable vehicles of ${BACKFILL_VEHICLES}, 90 days: ${(ms / 1000).toFixed(1)} s wall, ` +
        `${first.calls.journeys + first.calls.charging} calls (${((first.calls.journeys + first.calls.charging) / first.vehicles).toFixed(2)} per vehicle), ` +
        `${first.stored.journeys} journeys and ${first.stored.charging} charging sessions stored, ${first.completed} walks completed, ${first.outOfBudget} left for the next window`,
    );
    const before = w.calls.length;
    const DAYS = 7;
    let vehicles = 0;
    for (let hour = 1; hour <= DAYS * 24; hour++) {
      w.advance(HOUR_MS);
      w.visibleUntil = w.now().getTime() - 7 * DAY_MS;
      vehicles = Math.max(vehicles, (await gatherHistory(database.db, org.apiFor, w.now, TEST_POLICY)).vehicles);
    }
    const steady = w.calls.length - before;
    console.log(
      `steady state: ${DAYS} days of hourly ticks: ${steady} calls over ${vehicles} vehicles = ${(steady / vehicles / DAYS).toFixed(2)} calls per vehicle per day (goal <= 2)`,
    );
  } finally {
    await database.close();
  }
}

/** `db.execute`'s rows: an array on postgres-js, `{ rows }` on PGlite. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []));

async function generate(db: Db, organizationId: string, start: Date, days: number) {
  const org = sql`${organizationId}::uuid`;
  const t0 = sql`${start.toISOString()}::timestamptz`;
  const STEP = 500;
  for (let from = 1; from <= VEHICLES; from += STEP) {
    const to = Math.min(VEHICLES, from + STEP - 1);
    const vehicles = sql`generate_series(${from}::int, ${to}::int) v`;
    await db.execute(sql`
      insert into history_journeys (organization_id, vehicle_id, journey_id, started_at, stopped_at, distance_km,
        odometer_start_km, odometer_end_km, energy_used_kwh, soc_start, soc_end, start_latitude, start_longitude,
        stop_latitude, stop_longitude, gathered_at)
      select ${org}, 'veh_' || v, 'jrn_' || v || '_' || d || '_' || k, s, s + (20 + (v * 7 + d) % 60) * interval '1 minute',
        10 + (v * 13 + d * 7 + k) % 50, 10000 + d * 30 + k * 10, 10000 + d * 30 + k * 10 + 10, 2 + (v + d) % 9,
        80 - k * 10, 70 - k * 10, 52 + (v % 100) / 100.0, 13 + (d % 100) / 100.0, 52.1, 13.1, now()
      from ${vehicles}, generate_series(0, ${days - 1}) d, generate_series(0, 2) k,
        lateral (select ${t0} + d * interval '1 day' + (7 + k * 4) * interval '1 hour' + (v % 60) * interval '1 minute' as s) x
      where k < (v * 31 + d * 17) % 4`);
    await db.execute(sql`
      insert into history_charging_sessions (organization_id, vehicle_id, session_id, started_at, ended_at, duration_seconds,
        latitude, longitude, kwh_from_grid, kwh_in_battery, start_soc, end_soc, external_temperature, kw_median, gathered_at)
      select ${org}, 'veh_' || v, 'chs_' || v || '_' || d, s, s + interval '2 hours', 7200, 52.1, 13.1,
        20 + (v + d) % 30, 18 + (v + d) % 27, 20, 80, 12, 11, now()
      from ${vehicles}, generate_series(0, ${days - 1}, 3) d,
        lateral (select ${t0} + d * interval '1 day' + interval '20 hours' as s) x`);
    await db.execute(sql`
      insert into history_daily_readings (organization_id, vehicle_id, day, odometer_km, state_of_charge, state_of_charge_at,
        state_of_health, state_of_health_at, range_km, range_at, latitude, longitude, position_at, updated_at)
      select ${org}, 'veh_' || v, (${t0} + d * interval '1 day')::date, 10000 + d * 30, 60, ${t0} + d * interval '1 day' + interval '22 hours',
        95 - d / 100.0, ${t0} + d * interval '1 day', 300, ${t0} + d * interval '1 day' + interval '22 hours', 52.1, 13.1,
        ${t0} + d * interval '1 day' + interval '22 hours', now()
      from ${vehicles}, generate_series(0, ${days - 1}) d`);
  }
  await db.execute(sql`analyze history_journeys`);
  await db.execute(sql`analyze history_charging_sessions`);
  await db.execute(sql`analyze history_daily_readings`);
}

async function reports() {
  const kind = (await postgresAvailable()) ? 'postgres' : 'pglite';
  const database = await createTestDatabase(kind);
  try {
    const db = database.db;
    const org = await createOrganization(db, { slug: 'bench', name: 'Bench', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    const start = new Date(Date.UTC(2025, 10, 1));
    const end = new Date(start);
    end.setUTCMonth(end.getUTCMonth() + MONTHS);
    const days = Math.round((end.getTime() - start.getTime()) / DAY_MS);
    const generating = performance.now();
    await generate(db, org.id, start, days);
    const counts = rowsOf<{ journeys: string; charging: string; readings: string }>(
      await db.execute(sql`select (select count(*) from history_journeys) as journeys, (select count(*) from history_charging_sessions) as charging,
        (select count(*) from history_daily_readings) as readings`),
    )[0];
    console.log(
      `reports (${kind}): generated ${VEHICLES} vehicles x ${MONTHS} months (${counts.journeys} journeys, ${counts.charging} charging sessions, ${counts.readings} daily readings) in ${((performance.now() - generating) / 1000).toFixed(0)} s`,
    );
    const rebuilding = performance.now();
    await rebuildVehicleDays(db, new Date(), org.id);
    // As autovacuum leaves it after a bulk write: past days all-visible, so their sums are read from the covering index alone.
    await db.execute(sql`vacuum analyze history_vehicle_days`);
    const [{ days: rollupRows }] = rowsOf<{ days: string }>(await db.execute(sql`select count(*) as days from history_vehicle_days`));
    console.log(
      `rollup: ${rollupRows} vehicle days built from the raw rows in one statement in ${((performance.now() - rebuilding) / 1000).toFixed(0)} s`,
    );
    const times: number[] = [];
    const coverageTimes: number[] = [];
    const activityTimes: number[] = [];
    const seriesTimes: number[] = [];
    let rows = 0;
    for (let run = 0; run < REPORT_RUNS; run++) {
      const from = new Date(start);
      from.setUTCMonth(from.getUTCMonth() + ((run * 7) % MONTHS));
      const to = new Date(from);
      to.setUTCMonth(to.getUTCMonth() + 1);
      const t = performance.now();
      rows = (await vehicleTotals(db, org.id, { from, to })).length;
      times.push(performance.now() - t);
      if (run < 5) {
        let c = performance.now();
        await periodCoverage(db, org.id, { from, to });
        coverageTimes.push(performance.now() - c);
        c = performance.now();
        await vehicleActivity(db, org.id, { from, to });
        activityTimes.push(performance.now() - c);
        // The overview's trend: 12 weeks of the fleet.
        c = performance.now();
        await fleetSeries(db, org.id, { from: new Date(to.getTime() - 84 * DAY_MS), to }, 'week');
        seriesTimes.push(performance.now() - c);
      }
    }
    console.log(
      `monthly per-vehicle distance + energy report (${rows} vehicles): p50 ${quantile(times, 0.5).toFixed(0)} ms, p95 ${quantile(times, 0.95).toFixed(0)} ms over ${REPORT_RUNS} runs (goal p95 < 500 ms)`,
    );
    console.log(
      `monthly coverage (days with data per vehicle, gathering state): p50 ${quantile(coverageTimes, 0.5).toFixed(0)} ms over 5 runs`,
    );
    console.log(
      `monthly activity (days with data, idle, battery health start/end per vehicle): p50 ${quantile(activityTimes, 0.5).toFixed(0)} ms; ` +
        `12 weekly fleet points: p50 ${quantile(seriesTimes, 0.5).toFixed(0)} ms over 5 runs`,
    );
    const sizes = rowsOf<{ name: string; bytes: string }>(
      await db.execute(sql`select relname as name, pg_total_relation_size(oid)::text as bytes from pg_class
        where relname in ('history_journeys', 'history_charging_sessions', 'history_daily_readings', 'history_vehicle_days')`),
    );
    const total = sizes.reduce((sum, s) => sum + Number(s.bytes), 0);
    const vehicleMonths = VEHICLES * MONTHS;
    const rollupBytes = Number(sizes.find((s) => s.name === 'history_vehicle_days')?.bytes ?? 0);
    console.log(`rollup alone: ${(rollupBytes / vehicleMonths / 1024).toFixed(2)} KiB per vehicle-month`);
    console.log(
      `size: ${(total / 2 ** 20).toFixed(0)} MiB with indexes (${sizes.map((s) => `${s.name} ${(Number(s.bytes) / 2 ** 20).toFixed(0)} MiB`).join(', ')}) = ${(total / vehicleMonths / 1024).toFixed(1)} KiB per vehicle-month`,
    );
  } finally {
    await database.close();
  }
}

export default async function historyBench() {
  if (PARTS.includes('backfill')) await backfill();
  if (PARTS.includes('reports')) await reports();
}
