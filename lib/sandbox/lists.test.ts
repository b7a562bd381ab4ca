import { beforeEach, describe, expect, it } from 'vitest';
import { type Harness, PROFILES, createHarness, filterParam } from './sandbox.test-support';

describe.each(PROFILES)('paged lists (%s profile)', (profile) => {
  const TESLA = profile === 'vendor' ? 'TESLA' : 'Tesla';
  let h: Harness;
  let token: string;
  let orgId: string;

  beforeEach(async () => {
    h = createHarness({ vehiclesPerOrg: 120, profile });
    token = await h.token();
    orgId = h.sandbox.organizations[0].id;
  });

  async function allPages(path: string, sep = '?') {
    const seen: string[] = [];
    let pageToken: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: { results: Array<{ id: string }>; nextPageToken: string | null } } = await h.json(
        'GET',
        `${path}${sep}maxPageSize=25${pageToken ? `&pageToken=${encodeURIComponent(pageToken)}` : ''}`,
        { token },
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.results.map((r: { id: string }) => r.id));
      pageToken = res.body.nextPageToken;
      pages++;
    } while (pageToken !== null && pages < 50);
    return seen;
  }

  it('pages vehicles with the default 20, the envelope and a null token on the last page', async () => {
    const first = await h.json('GET', '/v1/vehicles', { token });
    expect(first.body.results).toHaveLength(20);
    expect(typeof first.body.nextPageToken).toBe('string');
    const ids = await allPages('/v1/vehicles');
    expect(ids).toHaveLength(first.body.totalResults);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never lists disconnected vehicles and answers 404 for them', async () => {
    const fixtures = h.sandbox.fixtures(orgId);
    const ids = await allPages('/v1/vehicles');
    expect(ids).not.toContain(fixtures.disconnectedVehicleId);
    expect(ids).toContain(fixtures.onlineListeningVehicleId);
    const vehicles = await Promise.all(ids.slice(0, 30).map((id) => h.json('GET', `/v1/vehicles/${id}`, { token })));
    for (const v of vehicles) expect(v.body.connectionStatus).not.toBe('DISCONNECTED');
    expect((await h.json('GET', `/v1/vehicles/${fixtures.disconnectedVehicleId}`, { token })).status).toBe(404);
  });

  it('caps maxPageSize at 100 with PAGE_SIZE_TOO_LARGE and refuses sizes below 1', async () => {
    expect((await h.json('GET', '/v1/vehicles?maxPageSize=100', { token })).body.results).toHaveLength(100);
    const tooLarge = await h.json('GET', '/v1/vehicles?maxPageSize=101', { token });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error).toBe('PAGE_SIZE_TOO_LARGE');
    for (const bad of ['0', '-3', 'ten']) {
      const res = await h.json('GET', `/v1/accounts?maxPageSize=${bad}`, { token });
      // The vendor publishes only "an integer": text is its framework's 422, a small integer the service's own refusal.
      if (profile === 'vendor' && bad === 'ten') {
        expect(res.status).toBe(422);
        expect(res.body.detail[0]).toMatchObject({ loc: ['query', 'maxPageSize'], type: 'int_parsing' });
        continue;
      }
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('REQUEST_VALIDATION_ERROR');
    }
  });

  it('refuses a page token reused with another filter, and a forged token', async () => {
    const filter = filterParam({ field: 'isListening', operator: '==', value: true });
    const first = await h.json('GET', `/v1/vehicles?maxPageSize=5&${filter}`, { token });
    const next = first.body.nextPageToken;
    expect((await h.json('GET', `/v1/vehicles?maxPageSize=5&${filter}&pageToken=${next}`, { token })).status).toBe(200);
    const changed = await h.json(
      'GET',
      `/v1/vehicles?maxPageSize=5&pageToken=${next}&${filterParam({ field: 'make', operator: '==', value: 'Tesla' })}`,
      { token },
    );
    expect(changed.status).toBe(400);
    expect(changed.body.error).toBe('PAGINATED_QUERY_FILTER_CHANGED');
    const dropped = await h.json('GET', `/v1/vehicles?maxPageSize=5&pageToken=${next}`, { token });
    expect(dropped.body.error).toBe('PAGINATED_QUERY_FILTER_CHANGED');
    const forged = await h.json('GET', '/v1/vehicles?pageToken=garbage', { token });
    expect(forged.body.error).toBe('REQUEST_VALIDATION_ERROR');
  });

  it('filters vehicles on dotted fields, datetimes and combinations', async () => {
    const accountId = h.sandbox.fixtures(orgId).accountIds[1];
    const byAccount = await h.json(
      'GET',
      `/v1/vehicles?maxPageSize=100&${filterParam({ field: 'metadata.accountId', operator: '==', value: accountId })}`,
      { token },
    );
    expect(byAccount.body.totalResults).toBeGreaterThan(0);
    for (const v of byAccount.body.results) expect(v.metadata.accountId).toBe(accountId);

    const since = new Date(h.clock.now - 3_600_000).toISOString();
    const recent = await h.json(
      'GET',
      `/v1/vehicles?maxPageSize=100&${filterParam({ field: 'metadata.lastSeenAt', operator: '>=', value: since })}`,
      { token },
    );
    expect(recent.body.totalResults).toBeGreaterThan(0);
    for (const v of recent.body.results) expect(Date.parse(v.metadata.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(since));

    const combined = {
      or: [{ field: 'make', operator: '==', value: TESLA }, { not: [{ field: 'isListening', operator: '==', value: true }] }],
    };
    const res = await h.json('GET', `/v1/vehicles?maxPageSize=100&${filterParam(combined)}`, { token });
    expect(res.body.totalResults).toBeGreaterThan(0);
    for (const v of res.body.results) expect(v.make === TESLA || v.isListening === false).toBe(true);
    expect(res.body.results.some((v: { make: string }) => v.make !== TESLA)).toBe(true);
  });

  it('rejects a malformed filter with REQUEST_VALIDATION_ERROR', async () => {
    const res = await h.json('GET', `/v1/vehicles?filter=${encodeURIComponent('{"field":"make","operator":"contains","value":"x"}')}`, {
      token,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('REQUEST_VALIDATION_ERROR');
  });

  it('filters vehicles by tagKey and tagValue', async () => {
    const { taggedVehicle } = h.sandbox.fixtures(orgId);
    const both = await h.json('GET', `/v1/vehicles?tagKey=${taggedVehicle.key}&tagValue=${taggedVehicle.value}`, { token });
    expect(both.body.results.map((v: { id: string }) => v.id)).toEqual([taggedVehicle.id]);
    const depot = await h.json('GET', '/v1/vehicles?maxPageSize=100&tagKey=depot', { token });
    expect(depot.body.totalResults).toBeGreaterThan(0);
    for (const v of depot.body.results) {
      const tags = await h.json('GET', `/v1/tags/DEVICE/${v.id}`, { token });
      expect(tags.body.tags.some((t: { key: string }) => t.key === 'depot')).toBe(true);
    }
    const none = await h.json('GET', '/v1/vehicles?tagKey=depot&tagValue=Atlantis', { token });
    expect(none.body).toMatchObject({ results: [], nextPageToken: null, totalResults: 0 });
  });

  it('pages and filters accounts', async () => {
    const accounts = await h.json('GET', '/v1/accounts?maxPageSize=5', { token });
    expect(accounts.body.results).toHaveLength(5);
    expect(Object.keys(accounts.body.results[0]).sort()).toEqual(['id', 'username']);
    expect(accounts.body.totalResults).toBe(h.sandbox.fixtures(orgId).accountIds.length);
    const ids = await allPages('/v1/accounts');
    expect(ids).toEqual(h.sandbox.fixtures(orgId).accountIds);
    const tesla = await h.json('GET', `/v1/accounts?${filterParam({ field: 'username', operator: 'ilike', value: 'tesla%' })}`, { token });
    expect(tesla.body.totalResults).toBeGreaterThan(0);
    for (const a of tesla.body.results) expect(a.username).toMatch(/^tesla/);
  });

  it('keeps organizations apart', async () => {
    const other = h.sandbox.fixtures(h.sandbox.organizations[1].id);
    expect((await h.json('GET', `/v1/vehicles/${other.onlineListeningVehicleId}`, { token })).status).toBe(404);
    expect((await h.json('GET', `/v1/accounts/${other.accountIds[0]}`, { token })).status).toBe(404);
    expect((await h.json('POST', `/v1/vehicles/${other.onlineListeningVehicleId}/command-execution:honk-horn`, { token })).status).toBe(
      404,
    );
    const ids = await allPages('/v1/vehicles');
    expect(ids).not.toContain(other.onlineListeningVehicleId);
    const own = await h.json('GET', `/v1/vehicles/${other.onlineListeningVehicleId}`, { token: await h.token(1) });
    expect(own.status).toBe(200);
  });

  it('pages journeys newest first with estimatedTotalResults', async () => {
    const { onlineListeningVehicleId, noJourneysVehicleId } = h.sandbox.fixtures(orgId);
    const page = await h.json('GET', `/v1/vehicles/${onlineListeningVehicleId}/journeys?maxPageSize=50`, { token });
    expect(page.status).toBe(200);
    expect(Object.keys(page.body).sort()).toEqual(['estimatedTotalResults', 'nextPageToken', 'results']);
    expect(page.body.estimatedTotalResults).toBeGreaterThan(150);
    const starts = page.body.results.map((j: { startTimestamp: string }) => Date.parse(j.startTimestamp));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    const oldest = Date.parse(
      (
        await h.json(
          'GET',
          `/v1/vehicles/${onlineListeningVehicleId}/journeys?maxPageSize=1&${filterParam({ field: 'startTimestamp', operator: '<', value: '2026-01-01T00:00:00Z' })}`,
          { token },
        )
      ).body.results[0].startTimestamp,
    );
    expect(oldest).toBeLessThan(Date.parse('2026-01-01T00:00:00Z'));
    expect(oldest).toBeLessThan(h.clock.now - 90 * 86_400_000);
    const empty = await h.json('GET', `/v1/vehicles/${noJourneysVehicleId}/journeys`, { token });
    expect(empty.body).toEqual({ results: [], nextPageToken: null, estimatedTotalResults: 0 });
    const tooLarge = await h.json('GET', `/v1/vehicles/${onlineListeningVehicleId}/journeys?maxPageSize=500`, { token });
    expect(tooLarge.body.error).toBe('PAGE_SIZE_TOO_LARGE');
  });

  it('serves the same journeys for the same seed', async () => {
    const { onlineListeningVehicleId } = h.sandbox.fixtures(orgId);
    const a = await h.json('GET', `/v1/vehicles/${onlineListeningVehicleId}/journeys?maxPageSize=3`, { token });
    const other = createHarness({ vehiclesPerOrg: 120, profile });
    const b = await other.json('GET', `/v1/vehicles/${onlineListeningVehicleId}/journeys?maxPageSize=3`, { token: await other.token() });
    expect(b.body.results).toEqual(a.body.results);
  });
});
