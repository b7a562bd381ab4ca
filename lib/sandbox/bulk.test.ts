import { beforeEach, describe, expect, it } from 'vitest';
import { toVendorMake } from '@/lib/contract/makes';
import { BULK_CONNECTION_RESULT_STATUSES, ELIGIBILITY_RESULT_STATUSES } from '@/lib/contract/vehicle-api';
import { BRANDS } from './catalog';
import { createRng } from './random';
import { type Harness, PROFILES, createHarness } from './sandbox.test-support';
import { generateVin } from './vin';

function vins(count: number, seed = 1) {
  const rng = createRng(seed);
  return Array.from({ length: count }, (_, i) => {
    const brand = BRANDS[i % BRANDS.length];
    return {
      vin: generateVin(rng, brand.wmis[0], 2022),
      countryCode: i % 7 === 0 ? 'FR' : 'DE',
      ...(i % 2 ? { make: toVendorMake(brand.make)! } : {}),
    };
  });
}

/** The bulk connect body's items: a make on every one, in the vendor's spelling. */
function vehicles(count: number, seed = 1) {
  return vins(count, seed).map((row, i) => ({ ...row, make: toVendorMake(BRANDS[i % BRANDS.length].make)! }));
}

/** The contract answers a refused body 400 `REQUEST_VALIDATION_ERROR`; the vendor's framework 422 `{detail: [...]}`. */
function expectRefused(profile: string, res: { status: number; body: { error?: string; detail?: unknown[] } }) {
  if (profile === 'vendor') {
    expect(res.status).toBe(422);
    expect(res.body.detail?.length).toBeGreaterThan(0);
  } else {
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('REQUEST_VALIDATION_ERROR');
  }
}

describe.each(PROFILES)('eligibility checks and bulk connections (%s profile)', (profile) => {
  let h: Harness;
  let token: string;

  beforeEach(async () => {
    h = createHarness({ profile });
    token = await h.token();
  });

  it('accepts 1 to 500 VINs of 17 letters and digits, each with a country code', async () => {
    expect((await h.json('POST', '/v1/vehicles/eligibility', { token, body: { vins: vins(1) } })).status).toBe(202);
    expect((await h.json('POST', '/v1/vehicles/eligibility', { token, body: { vins: vins(500) } })).status).toBe(202);
    for (const body of [
      { vins: [] },
      { vins: vins(501) },
      { vins: [{ vin: 'WVWZZZ1JZXW00000', countryCode: 'DE' }] },
      { vins: [{ vin: 'WVWZZZ1JZXW00000-1', countryCode: 'DE' }] },
      { vins: [{ vin: 'WVWZZZ1JZXW000001' }] },
      {},
    ]) {
      expectRefused(profile, await h.json('POST', '/v1/vehicles/eligibility', { token, body }));
    }
  });

  it('progresses CREATED -> PROCESSING -> COMPLETED and pages per-VIN results', async () => {
    // The vendor refuses a make outside its list with 422 (vendor-profile.test.ts): there, an unknown maker is one the VIN does not name.
    const unsupported =
      profile === 'vendor'
        ? { vin: 'XXXZZZ1JZXW000012', countryCode: 'DE' }
        : { vin: 'WVWZZZ1JZXW000012', countryCode: 'DE', make: 'Trabant' };
    const input = [
      ...vins(30),
      { vin: 'WVWZZZ1JZXW0000I1', countryCode: 'DE' },
      { vin: 'WVWZZZ1JZXW000011', countryCode: 'JP' },
      unsupported,
    ];
    const created = await h.json('POST', '/v1/vehicles/eligibility', { token, body: { vins: input } });
    expect(created.body).toEqual({ id: expect.stringMatching(/^elg_/), status: 'CREATED', createdAt: new Date(h.clock.now).toISOString() });
    const id = created.body.id;
    const pending = await h.json('GET', `/v1/vehicles/eligibility/${id}/results?maxPageSize=5&currentPage=0`, { token });
    expect(pending.body.totalResults).toBe(33);
    for (const r of pending.body.results) expect(r.status).toBe('PENDING');

    h.clock.advance(1000);
    const processing = await h.json('GET', `/v1/vehicles/eligibility/${id}/results?maxPageSize=5&currentPage=0`, { token });
    expect(processing.body.results.map((r: { status: string }) => r.status)).toContain('SUBMITTED');
    h.clock.advance(10_000);
    // The vendor publishes no status read for a check: only the 202 answer and the results.
    expect((await h.json('GET', `/v1/vehicles/eligibility/${id}`, { token })).status).toBe(404);

    const all = [];
    for (let page = 0; page < 4; page++) {
      const res = await h.json('GET', `/v1/vehicles/eligibility/${id}/results?maxPageSize=10&currentPage=${page}`, { token });
      expect(res.body.totalResults).toBe(33);
      all.push(...res.body.results);
    }
    expect(all).toHaveLength(33);
    expect(all.map((r) => r.rowId)).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));
    for (const r of all) {
      expect(Object.keys(r).sort()).toEqual(['errorMessage', 'make', 'rowId', 'status', 'vin']);
      expect(ELIGIBILITY_RESULT_STATUSES).toContain(r.status);
    }
    expect(all.filter((r) => r.status === 'ELIGIBLE').length).toBeGreaterThan(10);
    expect(all.find((r) => r.vin === 'WVWZZZ1JZXW0000I1').status).toBe('VALIDATION_ERROR');
    expect(all.find((r) => r.vin === 'WVWZZZ1JZXW000011').status).toBe('INELIGIBLE');
    expect(all.find((r) => r.vin === unsupported.vin).status).toBe('NOT_SUPPORTED');
  });

  it('validates the results paging (maxPageSize >= 1, currentPage >= 0) and hides other organizations', async () => {
    const { body } = await h.json('POST', '/v1/vehicles/eligibility', { token, body: { vins: vins(3) } });
    for (const query of ['maxPageSize=0', 'currentPage=-1', 'maxPageSize=abc']) {
      expectRefused(profile, await h.json('GET', `/v1/vehicles/eligibility/${body.id}/results?${query}`, { token }));
    }
    expect((await h.json('GET', `/v1/vehicles/eligibility/${body.id}/results?maxPageSize=101`, { token })).body.error).toBe(
      'PAGE_SIZE_TOO_LARGE',
    );
    // The vendor leaves an empty array out: `{"totalResults": 3}`.
    expect((await h.json('GET', `/v1/vehicles/eligibility/${body.id}/results?currentPage=9`, { token })).body).toEqual(
      profile === 'vendor' ? { totalResults: 3 } : { results: [], totalResults: 3 },
    );
    expect((await h.json('GET', `/v1/vehicles/eligibility/${body.id}/results`, { token: await h.token(1) })).status).toBe(404);
  });

  it('reports the seeded bulk connection group and its per-VIN results', async () => {
    const id = h.sandbox.fixtures(h.sandbox.organizations[0].id).bulkConnectionId;
    const group = await h.json('GET', `/v1/vehicles/connect/${id}`, { token });
    expect(group.body).toEqual({ id, status: 'COMPLETED', createdAt: expect.any(String) });
    const results = await h.json('GET', `/v1/vehicles/connect/${id}/results?maxPageSize=100&currentPage=0`, { token });
    expect(results.body.totalResults).toBe(results.body.results.length);
    const keys = [
      'canRetry',
      'countryCode',
      'errors',
      'make',
      'message',
      'model',
      'modelYear',
      'registrationPlate',
      'status',
      'vehicleId',
      'vehicleInputId',
      'vin',
      'wasAlreadyConnected',
    ];
    for (const r of results.body.results) {
      expect(Object.keys(r).sort()).toEqual(keys);
      expect(BULK_CONNECTION_RESULT_STATUSES).toContain(r.status);
    }
    const connected = results.body.results.filter((r: { status: string }) => r.status === 'CONNECTED');
    expect(connected.length).toBeGreaterThan(0);
    for (const r of connected) {
      expect(r.wasAlreadyConnected).toBe(true);
      expect((await h.json('GET', `/v1/vehicles/${r.vehicleId}`, { token })).body.vin).toBe(r.vin);
    }
    expect(results.body.results.some((r: { status: string }) => r.status !== 'CONNECTED')).toBe(true);
    expect((await h.json('GET', '/v1/vehicles/connect/bcg_missing', { token })).status).toBe(404);
    expect((await h.json('GET', `/v1/vehicles/connect/${id}`, { token: await h.token(1) })).status).toBe(404);
  });

  it('creates bulk connection groups through the admin API, progressing over time', async () => {
    const created = await h.json('POST', '/_admin/bulk-connections', { body: { vins: vins(4) } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await h.json('GET', `/v1/vehicles/connect/${id}`, { token })).body.status).toBe('CREATED');
    const pending = await h.json('GET', `/v1/vehicles/connect/${id}/results`, { token });
    for (const r of pending.body.results) expect(r.status).toBe('PENDING');
    h.clock.advance(1500);
    expect((await h.json('GET', `/v1/vehicles/connect/${id}/results`, { token })).body.results[0].status).toBe('PROCESSING');
    h.clock.advance(5000);
    expect((await h.json('GET', `/v1/vehicles/connect/${id}`, { token })).body.status).toBe('COMPLETED');
    const done = await h.json('GET', `/v1/vehicles/connect/${id}/results?maxPageSize=2&currentPage=1`, { token });
    expect(done.body.results).toHaveLength(2);
    for (const r of done.body.results) expect(['CONNECTION_REQUIRED', 'INCOMPATIBLE', 'ERROR']).toContain(r.status);
    // An eligibility id is not a bulk connection id.
    const elg = await h.json('POST', '/v1/vehicles/eligibility', { token, body: { vins: vins(1) } });
    expect((await h.json('GET', `/v1/vehicles/connect/${elg.body.id}`, { token })).status).toBe(404);
  });
});

describe.each(PROFILES)('bulk VIN connection (%s profile)', (profile) => {
  let h: Harness;
  let token: string;

  beforeEach(async () => {
    h = createHarness({ profile });
    token = await h.token();
  });

  it('connects 1 to 100 VINs per request (202 with a group), and reports each later', async () => {
    const created = await h.json('POST', '/v1/vehicles/connect', { token, body: { vehicles: vehicles(100) } });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({ id: expect.stringMatching(/^bcg_/), status: 'CREATED' });
    for (const body of [{ vehicles: vehicles(101) }, { vehicles: [{ vin: 'WVWZZZ1JZXW000001', countryCode: 'DE' }] }, { vins: vins(2) }]) {
      expectRefused(profile, await h.json('POST', '/v1/vehicles/connect', { token, body }));
    }
    // What the vendor leaves to the service, the contract's sandbox refuses itself (400 on both profiles).
    for (const body of [{ vehicles: [] }, { vehicles: [{ vin: 'SHORT', countryCode: 'DE', make: 'TESLA' }] }]) {
      const res = await h.json('POST', '/v1/vehicles/connect', { token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('REQUEST_VALIDATION_ERROR');
    }
    h.clock.advance(10_000);
    const status = await h.json('GET', `/v1/vehicles/connect/${created.body.id}`, { token });
    expect(status.body.status).toBe('COMPLETED');
    const results = await h.json('GET', `/v1/vehicles/connect/${created.body.id}/results?maxPageSize=100`, { token });
    expect(results.body.totalResults).toBe(100);
    expect(results.body.results.some((r: { canRetry: boolean }) => r.canRetry)).toBe(true);
  });

  it('refuses with NOT_PERMITTED while the vendor has not enabled it for the organization (admin switch)', async () => {
    const off = await h.json('POST', '/_admin/bulk-connect', { body: { organizationId: h.sandbox.organizations[0].id, enabled: false } });
    expect(off.status).toBe(200);
    const refused = await h.json('POST', '/v1/vehicles/connect', { token, body: { vehicles: vehicles(2) } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'NOT_PERMITTED', message: expect.stringMatching(/not enabled/) });
    // Another organization is not affected; switching back on works.
    expect((await h.json('POST', '/v1/vehicles/connect', { token: await h.token(1), body: { vehicles: vehicles(2) } })).status).toBe(202);
    await h.json('POST', '/_admin/bulk-connect', { body: { enabled: true } });
    expect((await h.json('POST', '/v1/vehicles/connect', { token, body: { vehicles: vehicles(2) } })).status).toBe(202);
  });
});
