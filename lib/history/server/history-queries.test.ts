import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { createOrganization } from '@/lib/db/repos/organizations';
import { emptyGatheringState, saveGatheringState } from '@/lib/db/repos/history/gathering';
import { recordDailyFigures, upsertChargingSessions, upsertJourneys } from '@/lib/db/repos/history/store';
import { fleetTotal, periodCoverage, storedChargingSessions, storedDailyReadings, storedJourneys, vehicleTotals } from './history-queries';
import { pruneExpiredHistory, retentionCutoff } from './prune-history';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');

const at = (iso: string) => new Date(iso);
const NOVEMBER = { from: at('2026-11-01T00:00:00Z'), to: at('2026-12-01T00:00:00Z') };

function journey(organizationId: string, vehicleId: string, journeyId: string, start: string, minutes: number, km: number) {
  const startedAt = at(start);
  return {
    organizationId,
    vehicleId,
    journeyId,
    startedAt,
    stoppedAt: new Date(startedAt.getTime() + minutes * 60_000),
    distanceKm: km,
    energyUsedKwh: km * 0.17,
    gatheredAt: at('2026-12-02T00:00:00Z'),
  };
}

function session(organizationId: string, vehicleId: string, sessionId: string, start: string, kwh: number) {
  return {
    organizationId,
    vehicleId,
    sessionId,
    startedAt: at(start),
    endedAt: at(start),
    kwhFromGrid: kwh,
    kwhInBattery: kwh * 0.9,
    gatheredAt: at('2026-12-02T00:00:00Z'),
  };
}

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`the history store, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    async function organization() {
      const suffix = Math.random().toString(36).slice(2, 8);
      return (await createOrganization(t.db, { slug: `q${suffix}`, name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' })).id;
    }

    it('sums distance, driving time and energy per vehicle over a period, counting an item in the period its start falls in', async () => {
      const org = await organization();
      await upsertJourneys(t.db, [
        journey(org, 'v1', 'j1', '2026-11-03T08:00:00Z', 30, 20),
        journey(org, 'v1', 'j2', '2026-11-30T23:50:00Z', 20, 12.5),
        journey(org, 'v1', 'j3', '2026-12-01T00:00:00Z', 60, 99),
        journey(org, 'v2', 'j1', '2026-10-31T23:59:59Z', 60, 99),
        journey(org, 'v2', 'j2', '2026-11-15T12:00:00Z', 45, 30),
      ]);
      // Gathered again with corrected figures: updated, not doubled.
      await upsertJourneys(t.db, [journey(org, 'v1', 'j1', '2026-11-03T08:00:00Z', 30, 21)]);
      await upsertChargingSessions(t.db, [
        session(org, 'v1', 'c1', '2026-11-04T20:00:00Z', 30),
        session(org, 'v3', 'c1', '2026-11-05T20:00:00Z', 11),
      ]);
      const other = await organization();
      await upsertJourneys(t.db, [journey(other, 'v1', 'j1', '2026-11-03T08:00:00Z', 30, 500)]);

      const rows = await vehicleTotals(t.db, org, NOVEMBER);
      expect(rows.map((r) => r.vehicleId)).toEqual(['v1', 'v2', 'v3']);
      expect(rows[0]).toMatchObject({ journeys: 2, distanceKm: 33.5, drivingSeconds: 50 * 60, chargingSessions: 1, energyChargedKwh: 30 });
      expect(rows[0].energyUsedKwh).toBeCloseTo(33.5 * 0.17, 6);
      expect(rows[1]).toMatchObject({ journeys: 1, distanceKm: 30, chargingSessions: 0, energyChargedKwh: 0 });
      expect(rows[2]).toMatchObject({ journeys: 0, distanceKm: 0, chargingSessions: 1, energyChargedKwh: 11 });
      expect(fleetTotal(rows)).toMatchObject({ vehicles: 3, journeys: 3, distanceKm: 63.5, chargingSessions: 2, energyChargedKwh: 41 });

      expect((await storedJourneys(t.db, org, 'v1', NOVEMBER)).map((j) => j.journeyId)).toEqual(['j2', 'j1']);
      expect((await storedChargingSessions(t.db, org, 'v1', NOVEMBER)).map((s) => s.sessionId)).toEqual(['c1']);
    });

    it('keeps a day’s latest figures whatever order they arrive in, and its highest odometer', async () => {
      const org = await organization();
      const now = at('2026-11-10T23:00:00Z');
      await recordDailyFigures(
        t.db,
        org,
        'v1',
        { stateOfCharge: { value: 60, at: at('2026-11-10T18:00:00Z') }, odometerKm: { value: 1200, at: at('2026-11-10T18:00:00Z') } },
        now,
      );
      await recordDailyFigures(
        t.db,
        org,
        'v1',
        { stateOfCharge: { value: 80, at: at('2026-11-10T09:00:00Z') }, odometerKm: { value: 1150, at: at('2026-11-10T09:00:00Z') } },
        now,
      );
      await recordDailyFigures(
        t.db,
        org,
        'v1',
        {
          position: { latitude: 52.1, longitude: 4.3, at: at('2026-11-10T19:00:00Z') },
          stateOfHealth: { value: 93.5, at: at('2026-11-10T00:00:00Z') },
        },
        now,
      );
      // A figure of the next UTC day goes into that day.
      await recordDailyFigures(t.db, org, 'v1', { rangeKm: { value: 310, at: at('2026-11-11T00:30:00Z') } }, now);
      const days = await storedDailyReadings(t.db, org, 'v1', NOVEMBER);
      expect(days.map((d) => d.day)).toEqual(['2026-11-10', '2026-11-11']);
      expect(days[0]).toMatchObject({
        stateOfCharge: 60,
        odometerKm: 1200,
        latitude: 52.1,
        longitude: 4.3,
        stateOfHealth: 93.5,
        rangeKm: null,
      });
      expect(days[1]).toMatchObject({ rangeKm: 310, stateOfCharge: null });
    });

    it('tells per vehicle how complete a period is: days with data, and per kind whether the store holds all of it or why not', async () => {
      const org = await organization();
      await upsertJourneys(t.db, [
        journey(org, 'v1', 'j1', '2026-11-03T08:00:00Z', 30, 20),
        journey(org, 'v1', 'j2', '2026-11-03T18:00:00Z', 30, 20),
      ]);
      await upsertChargingSessions(t.db, [session(org, 'v1', 'c1', '2026-11-04T20:00:00Z', 30)]);
      await recordDailyFigures(
        t.db,
        org,
        'v1',
        { stateOfCharge: { value: 50, at: at('2026-11-04T10:00:00Z') } },
        at('2026-11-05T00:00:00Z'),
      );
      const done = {
        ...emptyGatheringState(at('2026-12-01T06:00:00Z')),
        coveredFrom: at('2026-09-01T00:00:00Z'),
        completeAt: at('2026-12-01T06:00:00Z'),
      };
      await saveGatheringState(t.db, org, 'v1', 'journeys', done);
      await saveGatheringState(t.db, org, 'v1', 'charging', { ...done, completeAt: at('2026-11-20T00:00:00Z') });
      await saveGatheringState(t.db, org, 'v2', 'charging', {
        ...emptyGatheringState(at('2026-11-02T00:00:00Z')),
        status: 'no_consent',
        reason: 'vehicle:charging_history',
        nextAttemptAt: at('2026-11-09T00:00:00Z'),
      });

      const [v1, v2] = await periodCoverage(t.db, org, NOVEMBER);
      expect(v1).toMatchObject({
        vehicleId: 'v1',
        days: 30,
        daysWithData: 2,
        journeys: { status: 'ok', complete: true },
        charging: { complete: false },
      });
      expect(v2).toMatchObject({
        vehicleId: 'v2',
        daysWithData: 0,
        journeys: { status: 'pending', complete: false },
        charging: { status: 'no_consent', reason: 'vehicle:charging_history', complete: false },
      });
    });

    it('prunes what is older than the retention, and no longer vouches for the pruned months', async () => {
      const org = await organization();
      const now = at('2026-11-15T03:00:00Z');
      expect(retentionCutoff(now, 13)).toEqual(at('2025-10-15T03:00:00Z'));
      await upsertJourneys(t.db, [
        journey(org, 'v1', 'old', '2025-10-15T02:59:00Z', 10, 5),
        journey(org, 'v1', 'kept', '2025-10-15T03:00:00Z', 10, 5),
      ]);
      await upsertChargingSessions(t.db, [
        session(org, 'v1', 'old', '2025-09-01T00:00:00Z', 5),
        session(org, 'v1', 'kept', '2026-01-01T00:00:00Z', 5),
      ]);
      await recordDailyFigures(t.db, org, 'v1', { odometerKm: { value: 1, at: at('2025-10-14T12:00:00Z') } }, now);
      await recordDailyFigures(t.db, org, 'v1', { odometerKm: { value: 2, at: at('2025-10-15T12:00:00Z') } }, now);
      await saveGatheringState(t.db, org, 'v1', 'journeys', {
        ...emptyGatheringState(now),
        coveredFrom: at('2025-08-01T00:00:00Z'),
        completeAt: now,
      });

      const removed = await pruneExpiredHistory(t.db, now, 13);
      expect(removed).toMatchObject({ journeys: 1, charging: 1 });
      const all = { from: at('2020-01-01T00:00:00Z'), to: now };
      expect((await storedJourneys(t.db, org, 'v1', all)).map((j) => j.journeyId)).toEqual(['kept']);
      expect((await storedChargingSessions(t.db, org, 'v1', all)).map((s) => s.sessionId)).toEqual(['kept']);
      expect((await storedDailyReadings(t.db, org, 'v1', all)).map((d) => d.day)).toEqual(['2025-10-15']);
      const [coverage] = await periodCoverage(t.db, org, { from: at('2025-09-01T00:00:00Z'), to: at('2025-12-01T00:00:00Z') });
      expect(coverage.journeys.complete).toBe(false);
      expect(coverage.journeys.coveredFrom).toEqual(retentionCutoff(now, 13));
    });
  });
}
