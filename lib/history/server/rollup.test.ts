import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { createOrganization } from '@/lib/db/repos/organizations';
import { chargingTotalsByVehicle, daysWithDataByVehicle, journeyTotalsByVehicle } from '@/lib/db/repos/history/reports';
import { rebuildVehicleDays } from '@/lib/db/repos/history/rollup';
import { pruneHistory, recordDailyFigures, upsertChargingSessions, upsertJourneys } from '@/lib/db/repos/history/store';
import { DAY_MS, gatherHistory } from './gather-history';
import { HOUR, TEST_POLICY, historyOrganization, historyWorld } from './history.test-support';
import { fleetSeries, periodCoverage, vehicleActivity, vehicleTotals, type Period } from './history-queries';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');

const at = (iso: string) => new Date(iso);
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []));

type Figures = Record<string, number>;

/** Per vehicle and UTC day, the sums of the raw rows (what the rollup must equal). */
async function rawDays(db: Db, organizationId: string): Promise<Map<string, Figures>> {
  const rows = rowsOf<{ key: string } & Record<string, number | string>>(
    await db.execute(sql`
      select vehicle_id || ' ' || day as key, sum(journeys)::int as journeys, sum(distance_km)::float8 as distance,
        sum(driving)::float8 as driving, sum(used)::float8 as used, sum(sessions)::int as sessions, sum(grid)::float8 as grid,
        sum(battery)::float8 as battery
      from (
        select vehicle_id, to_char((started_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, 1 as journeys,
          coalesce(distance_km, 0) as distance_km, coalesce(extract(epoch from (stopped_at - started_at)), 0) as driving,
          coalesce(energy_used_kwh, 0) as used, 0 as sessions, 0 as grid, 0 as battery
        from history_journeys where organization_id = ${organizationId}::uuid
        union all
        select vehicle_id, to_char((started_at at time zone 'UTC')::date, 'YYYY-MM-DD'), 0, 0, 0, 0, 1,
          coalesce(kwh_from_grid, 0), coalesce(kwh_in_battery, 0)
        from history_charging_sessions where organization_id = ${organizationId}::uuid
      ) x group by 1`),
  );
  return new Map(rows.map(({ key, ...figures }) => [key, Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Number(v)]))]));
}

/** The rollup's days with a journey or a charging session. */
async function rollupDays(db: Db, organizationId: string): Promise<Map<string, Figures>> {
  const rows = rowsOf<{ key: string } & Record<string, number | string>>(
    await db.execute(sql`
      select vehicle_id || ' ' || to_char(day, 'YYYY-MM-DD') as key, journeys, distance_km as distance, driving_seconds as driving,
        energy_used_kwh as used, charging_sessions as sessions, energy_charged_kwh as grid, energy_into_battery_kwh as battery
      from history_vehicle_days where organization_id = ${organizationId}::uuid and (journeys > 0 or charging_sessions > 0)`),
  );
  return new Map(rows.map(({ key, ...figures }) => [key, Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Number(v)]))]));
}

async function expectRollupEqualsRaw(db: Db, organizationId: string) {
  const [raw, rollup] = await Promise.all([rawDays(db, organizationId), rollupDays(db, organizationId)]);
  expect([...rollup.keys()].sort()).toEqual([...raw.keys()].sort());
  for (const [key, figures] of raw)
    for (const [name, value] of Object.entries(figures)) {
      expect(rollup.get(key)?.[name], `${key} ${name}`).toBeCloseTo(value, 6);
    }
  return raw.size;
}

/** The period's totals straight from the raw rows (the pre-rollup queries). */
async function rawTotals(db: Db, organizationId: string, period: Period) {
  const [journeys, charging] = await Promise.all([
    journeyTotalsByVehicle(db, organizationId, period),
    chargingTotalsByVehicle(db, organizationId, period),
  ]);
  const byVehicle = new Map<string, Figures>();
  for (const j of journeys)
    byVehicle.set(j.vehicleId, { ...j, chargingSessions: 0, energyChargedKwh: 0, energyIntoBatteryKwh: 0 } as never);
  for (const c of charging)
    byVehicle.set(c.vehicleId, {
      journeys: 0,
      distanceKm: 0,
      drivingSeconds: 0,
      energyUsedKwh: 0,
      ...byVehicle.get(c.vehicleId),
      chargingSessions: c.sessions,
      energyChargedKwh: c.kwhFromGrid,
      energyIntoBatteryKwh: c.kwhInBattery,
    });
  return byVehicle;
}

async function expectTotalsEqualRaw(db: Db, organizationId: string, period: Period) {
  const [rows, raw] = await Promise.all([vehicleTotals(db, organizationId, period), rawTotals(db, organizationId, period)]);
  expect(rows.map((r) => r.vehicleId)).toEqual([...raw.keys()].sort());
  for (const { vehicleId, ...figures } of rows)
    for (const [name, value] of Object.entries(figures)) {
      expect(value, `${vehicleId} ${name}`).toBeCloseTo(Number(raw.get(vehicleId)?.[name]), 6);
    }
  return rows;
}

function journey(organizationId: string, vehicleId: string, journeyId: string, start: string, minutes: number | null, km: number | null) {
  const startedAt = at(start);
  return {
    organizationId,
    vehicleId,
    journeyId,
    startedAt,
    stoppedAt: minutes === null ? null : new Date(startedAt.getTime() + minutes * 60_000),
    distanceKm: km,
    energyUsedKwh: km === null ? null : km * 0.17,
    gatheredAt: at('2026-12-02T00:00:00Z'),
  };
}

function session(organizationId: string, vehicleId: string, sessionId: string, start: string, kwh: number | null) {
  return {
    organizationId,
    vehicleId,
    sessionId,
    startedAt: at(start),
    endedAt: at(start),
    kwhFromGrid: kwh,
    kwhInBattery: kwh === null ? null : kwh * 0.9,
    gatheredAt: at('2026-12-02T00:00:00Z'),
  };
}

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`the history rollup, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    async function organization() {
      const suffix = Math.random().toString(36).slice(2, 8);
      return (await createOrganization(t.db, { slug: `r${suffix}`, name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' })).id;
    }

    it('equals the raw rows’ sums per vehicle day, after items are gathered again, moved to another day or come without figures', async () => {
      const org = await organization();
      await upsertJourneys(t.db, [
        journey(org, 'v1', 'j1', '2026-11-03T08:00:00Z', 30, 20),
        journey(org, 'v1', 'j2', '2026-11-03T23:50:00Z', 20, 12.5),
        journey(org, 'v1', 'j3', '2026-11-04T00:00:00Z', null, null),
        journey(org, 'v2', 'j1', '2026-10-31T23:59:59Z', 60, 99),
      ]);
      await upsertChargingSessions(t.db, [
        session(org, 'v1', 'c1', '2026-11-03T20:00:00Z', 30),
        session(org, 'v3', 'c1', '2026-11-05T20:00:00Z', null),
      ]);
      expect(await expectRollupEqualsRaw(t.db, org)).toBe(4);
      // Gathered again: j2's start moved to the next day (its old day loses it), j1 corrected, c1's energy known now.
      await upsertJourneys(t.db, [
        journey(org, 'v1', 'j2', '2026-11-04T00:10:00Z', 20, 12.5),
        journey(org, 'v1', 'j1', '2026-11-03T08:00:00Z', 30, 21),
      ]);
      await upsertChargingSessions(t.db, [session(org, 'v3', 'c1', '2026-11-05T20:00:00Z', 11)]);
      await expectRollupEqualsRaw(t.db, org);
      const [day] = [...(await rollupDays(t.db, org)).entries()].filter(([key]) => key === 'v1 2026-11-03').map(([, f]) => f);
      expect(day).toMatchObject({ journeys: 1, distance: 21, sessions: 1, grid: 30 });
      // A day whose only journey moved away is gone from the rollup.
      await upsertJourneys(t.db, [journey(org, 'v2', 'j1', '2026-11-01T00:00:01Z', 60, 99)]);
      expect([...(await rollupDays(t.db, org)).keys()].filter((k) => k.startsWith('v2'))).toEqual(['v2 2026-11-01']);

      // Reports from it: a whole month, a period cut inside days at both ends, one within a day.
      await expectTotalsEqualRaw(t.db, org, { from: at('2026-11-01T00:00:00Z'), to: at('2026-12-01T00:00:00Z') });
      const cut = await expectTotalsEqualRaw(t.db, org, { from: at('2026-11-03T12:00:00Z'), to: at('2026-11-05T21:00:00Z') });
      expect(cut.map((r) => r.vehicleId)).toEqual(['v1', 'v3']);
      expect(cut[0]).toMatchObject({ journeys: 2, chargingSessions: 1 });
      await expectTotalsEqualRaw(t.db, org, { from: at('2026-11-03T09:00:00Z'), to: at('2026-11-03T21:00:00Z') });
    });

    it('reports days with data, idle days and battery health from the rollup, as the raw rows say', async () => {
      const org = await organization();
      const now = at('2026-11-20T00:00:00Z');
      await upsertJourneys(t.db, [
        journey(org, 'v1', 'j1', '2026-11-02T08:00:00Z', 30, 20),
        journey(org, 'v1', 'j2', '2026-11-09T08:00:00Z', 30, 20),
      ]);
      await upsertChargingSessions(t.db, [session(org, 'v1', 'c1', '2026-11-03T20:00:00Z', 30)]);
      // Out of order: the day's first and last state of health by the vehicle's own time.
      const soh = (value: number, iso: string) => recordDailyFigures(t.db, org, 'v1', { stateOfHealth: { value, at: at(iso) } }, now);
      await soh(96, '2026-11-04T12:00:00Z');
      await soh(97, '2026-11-04T06:00:00Z');
      await soh(95.5, '2026-11-10T18:00:00Z');
      await soh(95.8, '2026-11-10T07:00:00Z');
      await recordDailyFigures(t.db, org, 'v1', { odometerKm: { value: 1000, at: at('2026-11-02T09:00:00Z') } }, now);
      await recordDailyFigures(t.db, org, 'v2', { stateOfCharge: { value: 50, at: at('2026-11-05T09:00:00Z') } }, now);

      const november = { from: at('2026-11-01T00:00:00Z'), to: at('2026-12-01T00:00:00Z') };
      const activity = await vehicleActivity(t.db, org, november, ['v1', 'v2', 'v9']);
      expect(activity).toEqual([
        {
          vehicleId: 'v1',
          days: 30,
          // 2 (journey, reading), 3 (session), 4 (health), 9 (journey), 10 (health).
          daysWithData: 5,
          daysWithoutData: 25,
          daysDriven: 2,
          idleDays: 3,
          stateOfHealthStart: 97,
          stateOfHealthStartAt: at('2026-11-04T06:00:00Z'),
          stateOfHealthEnd: 95.5,
          stateOfHealthEndAt: at('2026-11-10T18:00:00Z'),
        },
        expect.objectContaining({ vehicleId: 'v2', daysWithData: 1, daysDriven: 0, idleDays: 1, stateOfHealthStart: null }),
        expect.objectContaining({ vehicleId: 'v9', daysWithData: 0, daysWithoutData: 30 }),
      ]);
      const raw = await daysWithDataByVehicle(t.db, org, november);
      const coverage = await periodCoverage(t.db, org, november);
      expect(new Map(coverage.map((c) => [c.vehicleId, c.daysWithData]))).toEqual(raw);

      const weeks = await fleetSeries(t.db, org, november, 'week');
      // Weeks from Monday: 2026-10-26 holds the 1st; the 2nd is a Monday.
      expect(weeks.map((w) => [w.start, w.journeys, w.chargingSessions, w.vehiclesReporting])).toEqual([
        ['2026-11-02', 1, 1, 2],
        ['2026-11-09', 1, 0, 1],
      ]);
      expect(weeks[0].energyChargedKwh).toBe(30);
    });

    it(
      'stays equal to the raw rows through incremental gathering and pruning, and a rebuild changes nothing',
      { timeout: 120_000 },
      async () => {
        const w = historyWorld({ vehiclesPerOrg: 6 });
        w.visibleUntil = w.seededAt - 30 * DAY_MS;
        const org = await historyOrganization(t.db, w);
        await gatherHistory(t.db, org.apiFor, w.now, TEST_POLICY);
        const first = await expectRollupEqualsRaw(t.db, org.id);
        expect(first).toBeGreaterThan(50);

        w.advance(24 * HOUR);
        w.visibleUntil += 10 * DAY_MS;
        const second = await gatherHistory(t.db, org.apiFor, w.now, TEST_POLICY);
        expect(second.stored.journeys).toBeGreaterThan(0);
        expect(await expectRollupEqualsRaw(t.db, org.id)).toBeGreaterThan(first);
        const month = { from: new Date(w.seededAt - 40 * DAY_MS), to: new Date(w.seededAt - 10 * DAY_MS) };
        await expectTotalsEqualRaw(t.db, org.id, month);

        // A cut inside a day: the days before it go, the cut's day keeps what starts from the cut on.
        const cut = new Date(Math.floor((w.seededAt - 60 * DAY_MS) / DAY_MS) * DAY_MS + 13 * HOUR);
        const removed = await pruneHistory(t.db, cut);
        expect(removed.journeys).toBeGreaterThan(0);
        expect(await expectRollupEqualsRaw(t.db, org.id)).toBeGreaterThan(10);
        const [{ left }] = rowsOf<{ left: number }>(
          await t.db.execute(
            sql`select count(*)::int as left from history_vehicle_days where organization_id = ${org.id}::uuid and day < ${cut.toISOString().slice(0, 10)}::date`,
          ),
        );
        expect(left).toBe(0);
        await expectTotalsEqualRaw(t.db, org.id, { from: new Date(cut.getTime() - 13 * HOUR), to: new Date(cut.getTime() + 11 * HOUR) });

        const snapshot = await rollupDays(t.db, org.id);
        await rebuildVehicleDays(t.db, w.now(), org.id);
        expect([...(await rollupDays(t.db, org.id)).keys()].sort()).toEqual([...snapshot.keys()].sort());
        await expectRollupEqualsRaw(t.db, org.id);
      },
    );
  });
}
