import { describe, expect, it, vi } from 'vitest';
import { createVehicleApi } from '@/lib/vehicle-api';
import { createFakeUpstream, json } from '@/lib/vehicle-api/fake-upstream.test-support';
import { RANGE_PAGE_LIMIT } from '@/lib/vehicle-data/range-limit';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { createOrganization } from '@/lib/db/repos/organizations';
import { emptyGatheringState, saveGatheringState } from '@/lib/db/repos/history/gathering';
import { upsertChargingSessions } from '@/lib/db/repos/history/store';
import { chargingHistoryOf, exportChargingSessions } from './export-charging';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');

const LIST = 'GET /v1/vehicles/veh_1/charging-history';
const range = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-30T23:59:59.999Z' };

function apiAnswering(handler: Parameters<ReturnType<typeof createFakeUpstream>['on']>[1]) {
  const upstream = createFakeUpstream();
  upstream.on(LIST, handler);
  const api = createVehicleApi({
    baseUrl: 'http://vendor.test',
    clientId: 'c',
    clientSecret: 's',
    fetch: upstream.fetch,
    logger: () => {},
  });
  return { api, listCalls: () => upstream.calls.filter((c) => `${c.method} ${c.path}` === LIST) };
}

const session = (n: number) => ({ id: `chs_${n}`, startedAt: '2026-11-02T10:00:00Z', endedAt: '2026-11-02T11:00:00Z', kwhFromGrid: 10 });

describe('the charging sessions export', () => {
  it('reads every page of the range, asking for the range on each page', async () => {
    const { api, listCalls } = apiAnswering((_, n) =>
      json({ results: [session(2 * n - 1), session(2 * n)], nextPageToken: n < 3 ? `p${n + 1}` : null }),
    );
    const response = await exportChargingSessions(api, 'veh_1', range);
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines).toHaveLength(1 + 6);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['chs_1', 'chs_2', 'chs_3', 'chs_4', 'chs_5', 'chs_6']);
    expect(listCalls()).toHaveLength(3);
    for (const call of listCalls()) {
      const url = new URL(call.url);
      expect(url.searchParams.get('maxPageSize')).toBe('100');
      expect(JSON.parse(url.searchParams.get('filter')!)).toEqual([
        { field: 'startedAt', operator: '>=', value: range.from },
        { field: 'startedAt', operator: '<=', value: range.to },
      ]);
    }
  });

  it('stops after the range page limit, so one download spends no more of the rate budget than that', async () => {
    const { api, listCalls } = apiAnswering((_, n) => json({ results: [session(n)], nextPageToken: `p${n + 1}` }));
    const text = await (await exportChargingSessions(api, 'veh_1', range)).text();
    expect(listCalls()).toHaveLength(RANGE_PAGE_LIMIT);
    expect(text.trim().split('\r\n')).toHaveLength(1 + RANGE_PAGE_LIMIT);
  });

  it('refuses before answering when the upstream refuses the first page', async () => {
    const { api } = apiAnswering(() => json({ error: 'RESOURCE_NOT_FOUND', message: 'no list' }, 404));
    await expect(exportChargingSessions(api, 'veh_1', range)).rejects.toMatchObject({ status: 404 });
  });
});

describe.each(await databaseLegs())('the charging sessions export from the history store, on $kind', (leg) => {
  if (!leg.available) return it.skip('PostgreSQL is not available');
  const t = useTestDatabase(leg.kind);

  async function storedVehicle(completeAt: string) {
    const suffix = Math.random().toString(36).slice(2, 8);
    const org = await createOrganization(t.db, { slug: `x${suffix}`, name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    const gatheredAt = new Date('2026-12-02T00:00:00Z');
    await upsertChargingSessions(t.db, [
      {
        organizationId: org.id,
        vehicleId: 'veh_1',
        sessionId: 'chs_s1',
        startedAt: new Date('2026-11-02T10:00:00Z'),
        endedAt: new Date('2026-11-02T11:00:00Z'),
        kwhFromGrid: 12.5,
        gatheredAt,
      },
      {
        organizationId: org.id,
        vehicleId: 'veh_1',
        sessionId: 'chs_s2',
        startedAt: new Date('2026-11-20T10:00:00Z'),
        endedAt: new Date('2026-11-20T10:30:00Z'),
        kwhFromGrid: 7,
        gatheredAt,
      },
      {
        organizationId: org.id,
        vehicleId: 'veh_1',
        sessionId: 'chs_s3',
        startedAt: new Date('2026-12-01T00:00:00Z'),
        endedAt: new Date('2026-12-01T01:00:00Z'),
        kwhFromGrid: 9,
        gatheredAt,
      },
    ]);
    await saveGatheringState(t.db, org.id, 'veh_1', 'charging', {
      ...emptyGatheringState(gatheredAt),
      coveredFrom: new Date('2026-09-01T00:00:00Z'),
      completeAt: new Date(completeAt),
    });
    return chargingHistoryOf(org.id, 'veh_1', () => t.db);
  }

  it('answers from the store, without an upstream call, when the store holds the whole range', async () => {
    const { api, listCalls } = apiAnswering(() => json({ results: [session(1)], nextPageToken: null }));
    const response = await exportChargingSessions(api, 'veh_1', range, await storedVehicle('2026-12-02T00:00:00Z'));
    expect(response.headers.get('X-Motorpool-Source')).toBe('history');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 5))).toEqual([
      ['chs_s2', '2026-11-20T10:00:00.000Z', '2026-11-20T10:30:00.000Z', '30', '7'],
      ['chs_s1', '2026-11-02T10:00:00.000Z', '2026-11-02T11:00:00.000Z', '60', '12.5'],
    ]);
    expect(listCalls()).toHaveLength(0);
  });

  it('asks the upstream when the store does not hold the whole range yet, or the range has no start', async () => {
    const { api, listCalls } = apiAnswering(() => json({ results: [session(1)], nextPageToken: null }));
    const partly = await exportChargingSessions(api, 'veh_1', range, await storedVehicle('2026-11-25T00:00:00Z'));
    expect(partly.headers.get('X-Motorpool-Source')).toBe('upstream');
    expect((await partly.text()).trim().split('\r\n').slice(1)[0]).toMatch(/^chs_1,/);
    const open = await exportChargingSessions(api, 'veh_1', { to: range.to }, await storedVehicle('2026-12-02T00:00:00Z'));
    expect(open.headers.get('X-Motorpool-Source')).toBe('upstream');
    expect(listCalls()).toHaveLength(2);
  });
});
