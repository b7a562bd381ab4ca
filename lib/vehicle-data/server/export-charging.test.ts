import { describe, expect, it } from 'vitest';
import { createVehicleApi } from '@/lib/vehicle-api';
import { createFakeUpstream, json } from '@/lib/vehicle-api/fake-upstream.test-support';
import { RANGE_PAGE_LIMIT } from '@/lib/vehicle-data/range-limit';
import { exportChargingSessions } from './export-charging';

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
