import { beforeEach, describe, expect, it } from 'vitest';
import { VENDOR_MAKES } from '@/lib/contract/makes';
import { COMMANDS } from '@/lib/contract/vehicle-api';
import type { SandboxFixtures } from './model';
import { PUBLISHED_COMMAND_SEGMENTS } from './vendor-profile';
import { type Harness, createHarness } from './sandbox.test-support';

/** `SANDBOX_PROFILE=vendor`: the shapes of the vendor's published OpenAPI, not the contract's superset. */
describe('the vendor profile', () => {
  let h: Harness;
  let token: string;
  let f: SandboxFixtures;

  beforeEach(async () => {
    h = createHarness({ profile: 'vendor', vehiclesPerOrg: 60 });
    token = await h.token();
    f = h.sandbox.fixtures(h.sandbox.organizations[0].id);
  });

  it('writes vehicles with upper-case makes, no registration country, and the registration date as a date', async () => {
    const list = await h.json('GET', '/v1/vehicles?maxPageSize=100', { token });
    for (const vehicle of list.body.results) {
      expect(VENDOR_MAKES).toContain(vehicle.make);
      expect(vehicle).not.toHaveProperty('registrationCountry');
      expect(vehicle.metadata.registrationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const one = await h.json('GET', `/v1/vehicles/${f.onlineListeningVehicleId}`, { token });
    expect(one.body.make).toBe(one.body.make.toUpperCase());
    expect((await h.json('GET', `/v1/vehicles/${f.onlineListeningVehicleId}/telemetry`, { token })).body.metadata.registrationDate).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('filters makes in the vendor spelling', async () => {
    const filter = encodeURIComponent(JSON.stringify({ field: 'make', operator: '==', value: 'TESLA' }));
    const teslas = await h.json('GET', `/v1/vehicles?maxPageSize=100&filter=${filter}`, { token });
    expect(teslas.body.totalResults).toBeGreaterThan(0);
    for (const vehicle of teslas.body.results) expect(vehicle.make).toBe('TESLA');
  });

  it('writes specification ranges as decimal strings', async () => {
    const list = await h.json('GET', '/v1/vehicles?maxPageSize=100', { token });
    let checked = 0;
    for (const vehicle of list.body.results.slice(0, 10)) {
      const specs = await h.json('GET', `/v1/vehicles/${vehicle.id}/specifications`, { token });
      if (specs.body.standardEvr === null) continue;
      expect(specs.body.standardEvr).toMatch(/^\d+\.\d$/);
      expect(specs.body.allElectricRange).toMatch(/^\d+\.\d$/);
      expect(typeof specs.body.allElectricRangeMin).toBe('number');
      expect(VENDOR_MAKES).toContain(specs.body.make);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('leaves empty arrays out: alerts, tire history, results', async () => {
    let sawNoAlerts = false;
    const list = await h.json('GET', '/v1/vehicles?maxPageSize=100', { token });
    for (const vehicle of list.body.results) {
      const alerts = await h.json('GET', `/v1/vehicles/${vehicle.id}/maintenance/manufacturer-alerts/current`, { token });
      if (!alerts.body.alerts) {
        expect(alerts.body).toEqual({});
        sawNoAlerts = true;
        break;
      }
    }
    expect(sawNoAlerts).toBe(true);
    const to = new Date(h.clock.now + 86_400_000).toISOString();
    const from = new Date(h.clock.now + 3_600_000).toISOString();
    const future = await h.json(
      'GET',
      `/v1/vehicles/${f.onlineListeningVehicleId}/maintenance/tires/historic?from_datetime=${from}&to_datetime=${to}`,
      {
        token,
      },
    );
    expect(future.status).toBe(200);
    expect(future.body).toEqual({});
  });

  it('writes the published service types and statuses', async () => {
    const list = await h.json('GET', '/v1/vehicles?maxPageSize=100', { token });
    for (const vehicle of list.body.results.slice(0, 20)) {
      const { body } = await h.json('GET', `/v1/vehicles/${vehicle.id}/maintenance/services`, { token });
      for (const service of body.services) {
        expect(['FULL_SERVICE', 'HEALTH_CHECK', 'STATUTORY', 'OIL_CHANGE']).toContain(service.type);
        expect(['PENDING', 'NO_SERVICE_DUE', 'IN_SERVICE', 'NOT_IN_SERVICE_UNKNOWN_IF_DUE']).toContain(service.status);
        if (service.kmToNextService !== null) expect(typeof service.kmToNextService).toBe('string');
      }
    }
  });

  it('names rate limits with the brand keys', async () => {
    const { body } = await h.json('GET', `/v1/rate-limits?objectId=${f.onlineListeningVehicleId}&domain=VEHICLE`, { token });
    expect(body.map((l: { key: string }) => l.key).sort()).toEqual([
      'BMW_ENERGY_API_COMMANDS',
      'BMW_ENERGY_API_COMMANDS_AND_FETCH_STATE',
      'BMW_ENERGY_API_STOP_COMMANDS',
    ]);
  });

  it('lets page tokens expire', async () => {
    const first = await h.json('GET', '/v1/vehicles?maxPageSize=5', { token });
    const next = first.body.nextPageToken;
    expect((await h.json('GET', `/v1/vehicles?maxPageSize=5&pageToken=${next}`, { token })).status).toBe(200);
    h.clock.advance(16 * 60_000);
    token = await h.token();
    const expired = await h.json('GET', `/v1/vehicles?maxPageSize=5&pageToken=${next}`, { token });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe('QUERY_PAGE_TOKEN_EXPIRED');
  });

  it('serves only the 13 published command paths; the others answer a framework 404', async () => {
    expect(PUBLISHED_COMMAND_SEGMENTS.size).toBe(13);
    const vehicle = f.onlineListeningVehicleId;
    const lock = await h.json('POST', `/v1/vehicles/${vehicle}/command-execution:lock-doors`, { token });
    expect(lock.status).toBe(200);
    const unpublished = Object.values(COMMANDS).filter((segment) => !PUBLISHED_COMMAND_SEGMENTS.has(segment));
    expect(unpublished).toHaveLength(8);
    for (const segment of unpublished) {
      const res = await h.json('POST', `/v1/vehicles/${vehicle}/command-execution:${segment}`, { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'Not Found' });
    }
  });

  it('keeps the contract profile as it was (the default)', async () => {
    const contract = createHarness({ vehiclesPerOrg: 60 });
    const t = await contract.token();
    const { body } = await contract.json('GET', '/v1/vehicles?maxPageSize=3', { token: t });
    expect(body.results[0]).toHaveProperty('registrationCountry');
    const wake = await contract.json('POST', `/v1/vehicles/${f.onlineListeningVehicleId}/command-execution:wake-up`, { token: t });
    expect(wake.status).toBe(200);
  });

  it('refuses a make in a person’s spelling with 422 and the vendor’s validation body, on connect and eligibility', async () => {
    const link = await h.json('POST', '/v1/accounts:connect', {
      token,
      body: { returnUrl: 'https://motorpool.example/return', scopes: ['vehicle:all'], deviceTypes: ['VEHICLE'], makes: ['Tesla'] },
    });
    expect(link.status).toBe(422);
    expect(link.body).toEqual({
      detail: [{ loc: ['body', 'makes', 0], msg: expect.stringContaining("'TESLA'"), type: 'enum' }],
    });
    const check = await h.json('POST', '/v1/vehicles/eligibility', {
      token,
      body: { vins: [{ vin: 'WVWZZZ1JZXW000001', countryCode: 'DE', make: 'Volkswagen' }] },
    });
    expect(check.status).toBe(422);
    expect(check.body).toEqual({
      detail: [{ loc: ['body', 'vins', 0, 'make'], msg: expect.stringContaining("'VOLKSWAGEN'"), type: 'enum' }],
    });
    // The vendor's spelling passes both.
    const upper = await h.json('POST', '/v1/accounts:connect', {
      token,
      body: { returnUrl: 'https://motorpool.example/return', scopes: ['vehicle:all'], deviceTypes: ['VEHICLE'], makes: ['TESLA'] },
    });
    expect(upper.status).toBe(200);
    const vw = await h.json('POST', '/v1/vehicles/eligibility', {
      token,
      body: { vins: [{ vin: 'WVWZZZ1JZXW000001', countryCode: 'DE', make: 'VOLKSWAGEN' }] },
    });
    expect(vw.status).toBe(202);
  });

  it('takes the vendor’s bulk connect body `{"vehicles": [...]}` and refuses the eligibility check’s `{"vins": [...]}`', async () => {
    const vehicle = {
      vin: 'WVWZZZ1JZXW000001',
      countryCode: 'DE',
      make: 'VOLKSWAGEN',
      model: 'ID.3',
      modelYear: 2022,
      tags: [{ key: 'depot', value: 'North' }],
    };
    const accepted = await h.json('POST', '/v1/vehicles/connect', { token, body: { vehicles: [vehicle] } });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ id: expect.any(String), status: 'CREATED' });
    const old = await h.json('POST', '/v1/vehicles/connect', { token, body: { vins: [vehicle] } });
    expect(old.status).toBe(422);
    expect(old.body).toEqual({ detail: [{ loc: ['body', 'vehicles'], msg: 'Field required', type: 'missing' }] });
    const noMake = await h.json('POST', '/v1/vehicles/connect', { token, body: { vehicles: [{ vin: vehicle.vin, countryCode: 'DE' }] } });
    expect(noMake.body).toEqual({ detail: [{ loc: ['body', 'vehicles', 0, 'make'], msg: 'Field required', type: 'missing' }] });
  });

  it('answers a refused request without a valid token 401 first, as the vendor’s security dependency does', async () => {
    const res = await h.json('POST', '/v1/vehicles/connect', { token: 'not-a-token', body: { vins: [] } });
    expect(res.status).toBe(401);
  });
});
