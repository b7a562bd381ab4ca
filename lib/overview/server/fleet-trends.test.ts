import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import { createOrganization } from '@/lib/db/repos/organizations';
import { recordDailyFigures, upsertChargingSessions, upsertJourneys } from '@/lib/db/repos/history/store';
import { vehicleSnapshots } from '@/lib/db/schema';
import { fleetTrends, weekStart } from './fleet-trends';

const at = (iso: string) => new Date(iso);
// A Wednesday: the current week started on Monday 2026-11-09, the first of the twelve on 2026-08-24.
const NOW = at('2026-11-11T12:00:00Z');

function journey(organizationId: string, vehicleId: string, journeyId: string, start: string, km: number) {
  return { organizationId, vehicleId, journeyId, startedAt: at(start), stoppedAt: at(start), distanceKm: km, gatheredAt: NOW };
}

function charge(organizationId: string, vehicleId: string, sessionId: string, start: string, kwh: number) {
  return { organizationId, vehicleId, sessionId, startedAt: at(start), kwhFromGrid: kwh, gatheredAt: NOW };
}

describe('weekStart', () => {
  it('is the Monday of the week, at UTC midnight', () => {
    expect(weekStart(at('2026-11-11T12:00:00Z')).toISOString()).toBe('2026-11-09T00:00:00.000Z');
    expect(weekStart(at('2026-11-09T00:00:00Z')).toISOString()).toBe('2026-11-09T00:00:00.000Z');
    expect(weekStart(at('2026-11-15T23:59:59Z')).toISOString()).toBe('2026-11-09T00:00:00.000Z');
  });
});

describe('the overview trends', () => {
  const t = useTestDatabase('pglite');

  async function organization() {
    const suffix = Math.random().toString(36).slice(2, 8);
    const org = await createOrganization(t.db, { slug: `t${suffix}`, name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    return org.id;
  }

  async function snapshot(organizationId: string, vehicleId: string, stateOfHealth: number | null, lastSeenAt: Date | null) {
    await t.db.insert(vehicleSnapshots).values({ organizationId, vehicleId, listedAt: NOW, stateOfHealth, lastSeenAt });
  }

  it('sums distance and energy charged per week over twelve weeks, weeks without data as zeros, this organization only', async () => {
    const org = await organization();
    const other = await organization();
    await upsertJourneys(t.db, [
      journey(org, 'veh_a', 'j1', '2026-11-09T08:00:00Z', 10),
      journey(org, 'veh_b', 'j2', '2026-11-11T07:00:00Z', 2.5),
      journey(org, 'veh_a', 'j3', '2026-08-24T00:30:00Z', 40),
      // Before the twelve weeks: not counted.
      journey(org, 'veh_a', 'j4', '2026-08-23T23:00:00Z', 1000),
      journey(other, 'veh_a', 'j5', '2026-11-09T08:00:00Z', 500),
    ]);
    await upsertChargingSessions(t.db, [
      charge(org, 'veh_a', 'c1', '2026-11-02T20:00:00Z', 30),
      charge(org, 'veh_b', 'c2', '2026-11-08T20:00:00Z', 12.5),
      charge(other, 'veh_a', 'c3', '2026-11-02T20:00:00Z', 99),
    ]);
    const trends = await fleetTrends(t.db, org, NOW);
    expect(trends.hasHistory).toBe(true);
    expect(trends.weeks).toHaveLength(12);
    expect(trends.weeks[0]).toEqual({ start: '2026-08-24', distanceKm: 40, energyChargedKwh: 0 });
    expect(trends.weeks[10]).toEqual({ start: '2026-11-02', distanceKm: 0, energyChargedKwh: 42.5 });
    expect(trends.weeks[11]).toEqual({ start: '2026-11-09', distanceKm: 12.5, energyChargedKwh: 0 });
    expect(trends.weeks.slice(1, 10).map((w) => [w.distanceKm, w.energyChargedKwh])).toEqual(Array(9).fill([0, 0]));
    expect(trends.weeks.slice(1, 10).map((w) => w.start)).toEqual([
      '2026-08-31',
      '2026-09-07',
      '2026-09-14',
      '2026-09-21',
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
    ]);
  });

  it('gives twelve zero weeks and no history on a store without a journey or a charging session (readings only)', async () => {
    const org = await organization();
    await recordDailyFigures(t.db, org, 'veh_a', { odometerKm: { value: 1200, at: at('2026-11-10T08:00:00Z') } }, NOW);
    const trends = await fleetTrends(t.db, org, NOW);
    expect(trends.hasHistory).toBe(false);
    expect(trends.weeks.map((w) => w.distanceKm + w.energyChargedKwh)).toEqual(Array(12).fill(0));
    expect(trends.health).toEqual({
      buckets: [
        { bucket: 'below70', vehicles: 0 },
        { bucket: 'from70', vehicles: 0 },
        { bucket: 'from80', vehicles: 0 },
        { bucket: 'from90', vehicles: 0 },
      ],
      withoutHealth: 0,
    });
    expect(trends.reporting).toEqual({ vehicles: 0, reporting: 0, hours: 24 });
  });

  it('buckets the latest battery health per vehicle (bounds to the upper bucket) and counts vehicles seen within 24 h, this organization only', async () => {
    const org = await organization();
    const other = await organization();
    const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);
    await snapshot(org, 'v1', 69.9, hoursAgo(1));
    await snapshot(org, 'v2', 70, hoursAgo(23.9));
    await snapshot(org, 'v3', 79.99, hoursAgo(24.1));
    await snapshot(org, 'v4', 80, null);
    await snapshot(org, 'v5', 90, hoursAgo(0));
    await snapshot(org, 'v6', 100, hoursAgo(48));
    await snapshot(org, 'v7', null, hoursAgo(2));
    await snapshot(other, 'v1', 50, hoursAgo(1));
    await snapshot(other, 'v8', 95, hoursAgo(1));
    const trends = await fleetTrends(t.db, org, NOW);
    expect(trends.health).toEqual({
      buckets: [
        { bucket: 'below70', vehicles: 1 },
        { bucket: 'from70', vehicles: 2 },
        { bucket: 'from80', vehicles: 1 },
        { bucket: 'from90', vehicles: 2 },
      ],
      withoutHealth: 1,
    });
    expect(trends.reporting).toEqual({ vehicles: 7, reporting: 4, hours: 24 });
  });
});
