import { describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import { createOrganization } from '@/lib/db/repos/organizations';
import { emptyGatheringState, saveGatheringState } from '@/lib/db/repos/history/gathering';
import { upsertChargingSessions, upsertJourneys } from '@/lib/db/repos/history/store';
import { setChargingTariff } from '@/lib/db/repos/tariffs';
import type { VehicleApi } from '@/lib/vehicle-api';
import { coverageSentence } from '@/lib/reports/report';
import { buildReport } from './build-report';
import { reportTableCsv } from './export-report';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');

const at = (iso: string) => new Date(iso);
const NOW = at('2026-11-10T12:00:00Z');

function journey(organizationId: string, vehicleId: string, journeyId: string, start: string, km: number) {
  return { organizationId, vehicleId, journeyId, startedAt: at(start), stoppedAt: at(start), distanceKm: km, gatheredAt: NOW };
}

/** An upstream whose vehicle list answers a tag with these vehicles, counting its calls. */
function tagUpstream(tagged: Record<string, string[]>) {
  const calls: { tagKey?: string; tagValue?: string }[] = [];
  const api = {
    listVehicles: async (params: { tagKey?: string; tagValue?: string }) => {
      calls.push(params);
      const ids = tagged[`${params.tagKey}=${params.tagValue}`] ?? [];
      return { data: { results: ids.map((id) => ({ id })), nextPageToken: null } };
    },
  } as unknown as VehicleApi;
  return { calls, apiFor: async () => api };
}

describe('a report', () => {
  const t = useTestDatabase('pglite');

  async function organization() {
    const suffix = Math.random().toString(36).slice(2, 8);
    const org = await createOrganization(t.db, { slug: `r${suffix}`, name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    return { org: { ...org, id: org.id }, user: { id: 'u1', email: 'u@example.com' } };
  }

  it('for a tag holds the tag’s vehicles only, those without history too, and sums their journeys', async () => {
    const access = await organization();
    const org = access.org.id;
    await upsertJourneys(t.db, [
      journey(org, 'veh_a', 'j1', '2026-11-02T08:00:00Z', 10),
      journey(org, 'veh_a', 'j2', '2026-11-09T08:00:00Z', 5.5),
      journey(org, 'veh_b', 'j3', '2026-11-03T08:00:00Z', 100),
    ]);
    const upstream = tagUpstream({ 'depot=Lyon': ['veh_a', 'veh_silent'] });
    const report = await buildReport(
      access as never,
      { period: '2026-11', tagKey: 'depot', tagValue: 'Lyon' },
      { db: t.db, now: NOW, apiFor: upstream.apiFor },
    );
    expect(upstream.calls).toEqual([expect.objectContaining({ tagKey: 'depot', tagValue: 'Lyon' })]);
    expect(report.rows.map((r) => r.vehicleId)).toEqual(['veh_a', 'veh_silent']);
    expect(report.total).toMatchObject({ vehicles: 2, distanceKm: 15.5, journeys: 2 });
    // The month so far: 10 days; veh_a has data on two, veh_silent on none.
    expect(report.rows.map((r) => r.daysWithoutData)).toEqual([8, 10]);
    expect(report.days).toHaveLength(10);
    expect(report.days.find((d) => d.day === '2026-11-02')).toMatchObject({ distanceKm: 10, journeys: 1 });
    expect(report.days.find((d) => d.day === '2026-11-03')).toMatchObject({ distanceKm: 0 });
  });

  it('says how complete the period is and why a vehicle’s part is missing', async () => {
    const access = await organization();
    const org = access.org.id;
    const complete = { ...emptyGatheringState(NOW), coveredFrom: at('2026-08-01T00:00:00Z'), completeAt: at('2026-11-11T00:00:00Z') };
    for (const kind of ['journeys', 'charging'] as const) {
      await saveGatheringState(t.db, org, 'veh_ok', kind, complete);
      await saveGatheringState(t.db, org, 'veh_refused', kind, { ...emptyGatheringState(NOW), status: 'no_consent', reason: 'scope' });
    }
    await upsertJourneys(t.db, [journey(org, 'veh_ok', 'j1', '2026-11-02T08:00:00Z', 10)]);
    const report = await buildReport(access as never, { period: '2026-11' }, { db: t.db, now: NOW, apiFor: async () => undefined });
    expect(report.coverage).toEqual({
      vehicles: 2,
      completeVehicles: 1,
      days: 10,
      vehicleDaysWithData: 1,
      missing: [{ reason: 'no_consent', vehicles: 1 }],
    });
    expect(coverageSentence(report.coverage)).toBe(
      '1 of 2 vehicles fully gathered for this period; 1 of 20 vehicle-days have data (5%). Missing: 1 vehicle no consent for their history.',
    );
  });

  it('prices each vehicle’s charging with the organization’s tariff, by time of day in its zone, in the page and the CSV', async () => {
    const access = await organization();
    const org = access.org.id;
    const session = (vehicleId: string, sessionId: string, start: string, end: string | null, kwh: number | null) => ({
      organizationId: org,
      vehicleId,
      sessionId,
      startedAt: at(start),
      endedAt: end === null ? null : at(end),
      kwhFromGrid: kwh,
      gatheredAt: NOW,
    });
    await upsertChargingSessions(t.db, [
      // 21:00 to 23:00 in Berlin (UTC+1): half the energy at the day price, half in the night band.
      session('veh_a', 'c1', '2026-11-05T20:00:00Z', '2026-11-05T22:00:00Z', 10),
      // Noon, no end given: all at the day price.
      session('veh_a', 'c2', '2026-11-06T12:00:00Z', null, 4),
      // 00:00 in Berlin: the night band.
      session('veh_b', 'c3', '2026-11-07T23:00:00Z', null, 10),
      // No energy figure: not priced.
      session('veh_b', 'c4', '2026-11-08T10:00:00Z', null, null),
      // October: outside the month.
      session('veh_b', 'c0', '2026-10-31T22:00:00Z', null, 50),
    ]);
    const deps = { db: t.db, now: NOW, apiFor: async () => undefined };

    const unpriced = await buildReport(access as never, { period: '2026-11' }, deps);
    expect(unpriced.currency).toBeNull();
    expect(unpriced.rows.map((r) => r.chargingCost)).toEqual([null, null]);
    expect(unpriced.total.chargingCost).toBeNull();

    await setChargingTariff(
      t.db,
      org,
      { currency: 'EUR', timeZone: 'Europe/Berlin', pricePerKwh: 0.3, bands: [{ start: '22:00', end: '06:00', pricePerKwh: 0.2 }] },
      NOW,
    );
    const report = await buildReport(access as never, { period: '2026-11' }, deps);
    expect(report.currency).toBe('EUR');
    const cost = Object.fromEntries(report.rows.map((r) => [r.vehicleId, r.chargingCost]));
    // veh_a: 5 × 0.30 + 5 × 0.20 + 4 × 0.30 = 3.70; veh_b: 10 × 0.20 = 2.00.
    expect(cost.veh_a).toBeCloseTo(3.7, 9);
    expect(cost.veh_b).toBeCloseTo(2, 9);
    expect(report.total.chargingCost).toBeCloseTo(5.7, 9);

    const csv = reportTableCsv(report, 'vehicles');
    const column = (name: string) => csv.header.indexOf(name);
    expect(csv.rows.map((row) => [row[0], row[column('charging_cost')], row[column('currency')]])).toEqual([
      ['veh_a', 3.7, 'EUR'],
      ['veh_b', 2, 'EUR'],
      ['TOTAL', 5.7, 'EUR'],
    ]);
  });
});
