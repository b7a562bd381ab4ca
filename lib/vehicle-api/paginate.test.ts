import { describe, expect, it } from 'vitest';
import { createVehicleApi } from './api';
import { createFakeUpstream, json } from './fake-upstream.test-support';
import { paginate, paginateItems, paginateNumbered } from './paginate';

describe('paginate', () => {
  it('walks every page with the same filter until the token runs out', async () => {
    const upstream = createFakeUpstream();
    const pages: Record<string, { results: { id: string }[]; nextPageToken: string | null }> = {
      '': { results: [{ id: 'v1' }, { id: 'v2' }], nextPageToken: 'p2' },
      p2: { results: [{ id: 'v3' }, { id: 'v4' }], nextPageToken: 'p3' },
      p3: { results: [{ id: 'v5' }], nextPageToken: null },
    };
    upstream.on('GET /v1/vehicles', (call) => json(pages[new URL(call.url).searchParams.get('pageToken') ?? '']));
    const api = createVehicleApi({
      baseUrl: 'http://upstream.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: upstream.fetch,
      logger: () => {},
    });
    const filter = { field: 'make', operator: '==', value: 'VW' };
    const ids: string[] = [];
    for await (const vehicle of paginateItems(api.listVehicles, { filter, maxPageSize: 2, tagKey: 'fleet', tagValue: 'north' }))
      ids.push(vehicle.id);
    expect(ids).toEqual(['v1', 'v2', 'v3', 'v4', 'v5']);
    const queries = upstream.apiCalls().map((c) => Object.fromEntries(new URL(c.url).searchParams));
    expect(queries).toHaveLength(3);
    for (const query of queries) {
      expect(JSON.parse(query.filter)).toEqual(filter);
      expect(query).toMatchObject({ maxPageSize: '2', tagKey: 'fleet', tagValue: 'north' });
    }
    expect(queries.map((q) => q.pageToken)).toEqual([undefined, 'p2', 'p3']);
  });

  it('stops on a repeated page token instead of looping', async () => {
    const list = async () => ({ data: { results: [1], nextPageToken: 'same' }, raw: null, status: 200, durationMs: 0 });
    const pages: unknown[] = [];
    await expect(async () => {
      for await (const page of paginate(list, {})) pages.push(page);
    }).rejects.toThrow(/repeated/);
    expect(pages).toHaveLength(2);
  });
});

describe('paginate with expiring page tokens', () => {
  function expiringUpstream() {
    const upstream = createFakeUpstream();
    const pages: Record<string, { results: { id: string }[]; nextPageToken: string | null }> = {
      '': { results: [{ id: 'v1' }, { id: 'v2' }], nextPageToken: 'p2' },
      p2: { results: [{ id: 'v3' }, { id: 'v4' }], nextPageToken: 'p3' },
      p3: { results: [{ id: 'v5' }], nextPageToken: null },
    };
    let expiredOnce = false;
    upstream.on('GET /v1/vehicles', (call) => {
      const token = new URL(call.url).searchParams.get('pageToken') ?? '';
      // The vendor lets page tokens lapse [V]; the second page's token has, the first time it is used.
      if (token === 'p3' && !expiredOnce) {
        expiredOnce = true;
        return json({ error: 'QUERY_PAGE_TOKEN_EXPIRED', message: 'The page token has expired' }, 400);
      }
      return json(pages[token]);
    });
    const api = createVehicleApi({
      baseUrl: 'http://upstream.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: upstream.fetch,
      logger: () => {},
    });
    return { upstream, api };
  }

  it('starts again from the first page with the same filter, says so, and gives no item twice', async () => {
    const { upstream, api } = expiringUpstream();
    const filter = { field: 'make', operator: '==', value: 'VOLKSWAGEN' };
    const ids: string[] = [];
    for await (const vehicle of paginateItems(api.listVehicles, { filter, maxPageSize: 2 })) ids.push(vehicle.id);
    expect(ids).toEqual(['v1', 'v2', 'v3', 'v4', 'v5']);
    const queries = upstream.apiCalls().map((c) => Object.fromEntries(new URL(c.url).searchParams));
    expect(queries.map((q) => q.pageToken)).toEqual([undefined, 'p2', 'p3', undefined, 'p2', 'p3']);
    for (const query of queries) expect(JSON.parse(query.filter)).toEqual(filter);

    let restarts = 0;
    const { api: again } = expiringUpstream();
    const pages = [];
    for await (const page of paginate(again.listVehicles, {}, { onRestart: () => restarts++ })) pages.push(page);
    expect(restarts).toBe(1);
  });

  it('does not loop when tokens keep expiring', async () => {
    const upstream = createFakeUpstream();
    upstream.on('GET /v1/vehicles', (call) =>
      new URL(call.url).searchParams.get('pageToken')
        ? json({ error: 'QUERY_PAGE_TOKEN_EXPIRED', message: 'expired' }, 400)
        : json({ results: [{ id: 'v1' }], nextPageToken: 'p2' }),
    );
    const api = createVehicleApi({
      baseUrl: 'http://upstream.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: upstream.fetch,
      logger: () => {},
    });
    await expect(async () => {
      for await (const page of paginate(api.listVehicles, {})) void page;
    }).rejects.toMatchObject({ code: 'QUERY_PAGE_TOKEN_EXPIRED' });
    expect(upstream.apiCalls()).toHaveLength(6);
  });
});

describe('paginateNumbered', () => {
  it('walks currentPage from 0 until totalResults is reached', async () => {
    const upstream = createFakeUpstream();
    const vins = Array.from({ length: 5 }, (_, i) => ({ vin: `VIN${i}`, status: 'ELIGIBLE' }));
    upstream.on('GET /v1/vehicles/eligibility/elg_1/results', (call) => {
      const q = new URL(call.url).searchParams;
      const size = Number(q.get('maxPageSize'));
      const page = Number(q.get('currentPage'));
      return json({ results: vins.slice(page * size, (page + 1) * size), totalResults: vins.length });
    });
    const api = createVehicleApi({
      baseUrl: 'http://upstream.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: upstream.fetch,
      logger: () => {},
    });
    const seen: string[] = [];
    for await (const page of paginateNumbered((p) => api.getEligibilityResults('elg_1', p), 2))
      seen.push(...page.data.results.map((r) => r.vin!));
    expect(seen).toEqual(['VIN0', 'VIN1', 'VIN2', 'VIN3', 'VIN4']);
    expect(upstream.apiCalls()).toHaveLength(3);
  });
});
