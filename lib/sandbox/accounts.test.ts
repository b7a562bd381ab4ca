import { beforeEach, describe, expect, it } from 'vitest';
import { type Harness, createHarness } from './sandbox.test-support';

const RETURN_URL = 'https://console.example/connect/return?state=abc';

describe('accounts, the consent flow and tags', () => {
  let h: Harness;
  let token: string;
  let orgId: string;

  beforeEach(async () => {
    h = createHarness({ basePath: '/sandbox', publicBaseUrl: 'http://localhost:3000/sandbox' });
    token = await h.token();
    orgId = h.sandbox.organizations[0].id;
  });

  async function connect(body: Record<string, unknown>) {
    return h.json('POST', '/v1/accounts:connect', { token, body: { returnUrl: RETURN_URL, scopes: ['vehicle:all'], ...body } });
  }

  function consentPath(url: string): string {
    expect(url.startsWith('http://localhost:3000/sandbox/consent/')).toBe(true);
    return url.slice('http://localhost:3000/sandbox'.length);
  }

  async function decide(path: string, decision: string) {
    return h.call('POST', path, { body: `decision=${decision}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }

  it('gets an account and answers 404 for an unknown one', async () => {
    const id = h.sandbox.fixtures(orgId).accountIds[0];
    const res = await h.json('GET', `/v1/accounts/${id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, username: expect.stringContaining('@') });
    const missing = await h.json('GET', '/v1/accounts/acc_missing', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('RESOURCE_NOT_FOUND');
  });

  it('serves an accessible consent page, and Approve connects an account with a few vehicles', async () => {
    const res = await connect({ scopes: ['vehicle:information', 'vehicle:commands'], region: 'EUROPE', makes: ['Volkswagen'] });
    expect(res.status).toBe(200);
    const path = consentPath(res.body.authenticationUrl);
    const page = await h.call('GET', path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<main>[\s\S]*<h1>/);
    expect(html).toContain('Demo Fleet');
    expect(html).toContain('vehicle:information');
    expect(html).toContain('vehicle:commands');
    expect(html).toContain('name="viewport"');
    expect(html).not.toMatch(/<script/i);
    expect(html.match(/<form method="post" action="\/sandbox\/consent\/[^"]+">/g)).toHaveLength(2);
    expect(html).toMatch(/<button type="submit"[^>]*>Approve<\/button>/);
    expect(html).toMatch(/<button type="submit"[^>]*>Deny<\/button>/);

    const before = (await h.json('GET', '/v1/vehicles?maxPageSize=1', { token })).body.totalResults;
    const approved = await decide(path, 'approve');
    expect(approved.status).toBe(303);
    const location = new URL(approved.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('https://console.example/connect/return');
    expect(location.searchParams.get('state')).toBe('abc');
    expect(location.searchParams.get('result')).toBe('success');
    const accountId = location.searchParams.get('accountId')!;
    expect((await h.json('GET', `/v1/accounts/${accountId}`, { token })).status).toBe(200);
    const after = await h.json(
      'GET',
      `/v1/vehicles?maxPageSize=100&filter=${encodeURIComponent(JSON.stringify({ field: 'metadata.accountId', operator: '==', value: accountId }))}`,
      { token },
    );
    expect(after.body.totalResults).toBe(3);
    for (const v of after.body.results) expect(v.make).toBe('Volkswagen');
    expect((await h.json('GET', '/v1/vehicles?maxPageSize=1', { token })).body.totalResults).toBe(before + 3);

    const reused = await h.call('GET', path);
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain('already been used');
    expect((await decide(path, 'approve')).status).toBe(410);
  });

  it('connects exactly the one vehicle in VIN mode and shows the VIN', async () => {
    const vin = '5YJ3E1EA7KF317000';
    const res = await connect({ vin, model: 'Model 3', modelYear: 2019 });
    const path = consentPath(res.body.authenticationUrl);
    expect(await (await h.call('GET', path)).text()).toContain(vin);
    const location = new URL((await decide(path, 'approve')).headers.get('location')!);
    const accountId = location.searchParams.get('accountId');
    const vehicles = await h.json(
      'GET',
      `/v1/vehicles?filter=${encodeURIComponent(JSON.stringify({ field: 'vin', operator: '==', value: vin }))}`,
      { token },
    );
    expect(vehicles.body.totalResults).toBe(1);
    expect(vehicles.body.results[0]).toMatchObject({ vin, make: 'Tesla', model: 'Model 3', modelYear: '2019', metadata: { accountId } });
  });

  it('Deny redirects with result=failure and an error', async () => {
    const res = await connect({});
    const denied = await decide(consentPath(res.body.authenticationUrl), 'deny');
    expect(denied.status).toBe(303);
    const location = new URL(denied.headers.get('location')!);
    expect(location.searchParams.get('result')).toBe('failure');
    expect(location.searchParams.get('error')).toBe('ACCESS_DENIED');
    expect(location.searchParams.has('accountId')).toBe(false);
  });

  it('refuses a link after one hour with an explanatory 410 page', async () => {
    const path = consentPath((await connect({})).body.authenticationUrl);
    h.clock.advance(3_600_000);
    expect((await h.call('GET', path)).status).toBe(200);
    h.clock.advance(1);
    const expired = await h.call('GET', path);
    expect(expired.status).toBe(410);
    const html = await expired.text();
    expect(html).toContain('expired');
    expect(html).toContain('<html lang="en">');
    expect((await decide(path, 'approve')).status).toBe(410);
    expect((await h.call('GET', '/consent/lnk_unknown')).status).toBe(404);
  });

  it('expires one link on demand through the admin API, leaving the clock and other links alone', async () => {
    const path = consentPath((await connect({})).body.authenticationUrl);
    const other = consentPath((await connect({})).body.authenticationUrl);
    const linkId = path.slice('/consent/'.length);
    const before = h.clock.now;
    const expired = await h.json('POST', `/_admin/consent-links/${linkId}/expire`);
    expect(expired.status).toBe(200);
    expect(Date.parse(expired.body.expiredAt)).toBeLessThan(before);
    expect(h.clock.now).toBe(before);
    const page = await h.call('GET', path);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('expired');
    expect((await h.call('GET', other)).status).toBe(200);
    expect((await h.json('POST', '/_admin/consent-links/lnk_nope/expire')).status).toBe(404);
  });

  it('validates the connect body: scopes, region, return URL, VIN', async () => {
    for (const body of [
      { scopes: [] },
      { scopes: ['vehicle:everything'] },
      { region: 'ASIA' },
      { returnUrl: 'not a url' },
      { returnUrl: 'javascript:alert(1)' },
      { vin: 'SHORT' },
      { locale: 'xx-XX' },
    ]) {
      const res = await connect(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('REQUEST_VALIDATION_ERROR');
    }
    const missing = await h.json('POST', '/v1/accounts:connect', { token });
    expect(missing.body.error).toBe('REQUEST_VALIDATION_ERROR');
    const allScopes = await connect({
      scopes: ['geofences:read', 'battery:telemetry', 'vehicle:location_history'],
      region: 'NORTH_AMERICA',
    });
    expect(allScopes.status).toBe(200);
  });

  it('answers UNSUPPORTED_OEM for a make it does not know', async () => {
    const res = await connect({ makes: ['Trabant'] });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('UNSUPPORTED_OEM');
  });

  it('answers DEVICE_LIMIT_REACHED past the device limit, at connection and at approval', async () => {
    const probe = createHarness({ vehiclesPerOrg: 20 });
    const devices = (await probe.json('GET', '/v1/vehicles', { token: await probe.token() })).body.totalResults as number;
    const full = createHarness({ vehiclesPerOrg: 20, deviceLimit: devices });
    const res = await full.json('POST', '/v1/accounts:connect', {
      token: await full.token(),
      body: { returnUrl: RETURN_URL, scopes: ['vehicle:all'] },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('DEVICE_LIMIT_REACHED');

    // Room for one more device: the link is issued, but approving three vehicles would exceed the limit.
    const almost = createHarness({ vehiclesPerOrg: 20, deviceLimit: devices + 1 });
    const link = await almost.json('POST', '/v1/accounts:connect', {
      token: await almost.token(),
      body: { returnUrl: RETURN_URL, scopes: ['vehicle:all'] },
    });
    expect(link.status).toBe(200);
    const path = new URL(link.body.authenticationUrl).pathname;
    const approved = await almost.call('POST', path, {
      body: 'decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const location = new URL(approved.headers.get('location')!);
    expect(location.searchParams.get('result')).toBe('failure');
    expect(location.searchParams.get('error')).toBe('DEVICE_LIMIT_REACHED');
  });

  it('disconnects an account: {} and its vehicles leave the lists', async () => {
    const accountId = h.sandbox.fixtures(orgId).accountIds[2];
    const filter = `filter=${encodeURIComponent(JSON.stringify({ field: 'metadata.accountId', operator: '==', value: accountId }))}`;
    expect((await h.json('GET', `/v1/vehicles?${filter}`, { token })).body.totalResults).toBeGreaterThan(0);
    const res = await h.json('POST', `/v1/accounts/${accountId}:disconnect`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await h.json('GET', `/v1/accounts/${accountId}`, { token })).status).toBe(404);
    expect((await h.json('GET', `/v1/vehicles?${filter}`, { token })).body.totalResults).toBe(0);
    expect((await h.json('POST', `/v1/accounts/${accountId}:disconnect`, { token })).status).toBe(404);
  });

  it('plays an owner withdrawing consent at the manufacturer: the account leaves the list, its vehicles disconnect', async () => {
    const accountId = h.sandbox.fixtures(orgId).accountIds[3];
    const filter = `filter=${encodeURIComponent(JSON.stringify({ field: 'metadata.accountId', operator: '==', value: accountId }))}`;
    const before = (await h.json('GET', `/v1/vehicles?${filter}`, { token })).body.totalResults;
    expect(before).toBeGreaterThan(0);
    const res = await h.json('POST', `/_admin/accounts/${accountId}/withdraw`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: accountId, withdrawn: true });
    expect((res.body as { vehicles: string[] }).vehicles).toHaveLength(before);
    expect((await h.json('GET', `/v1/accounts/${accountId}`, { token })).status).toBe(404);
    expect((await h.json('GET', `/v1/vehicles?${filter}`, { token })).body.totalResults).toBe(0);
    expect((await h.json('POST', `/_admin/accounts/${accountId}/withdraw`)).status).toBe(404);
  });

  describe('tags', () => {
    it('creates, lists and deletes a tag on a device', async () => {
      const { onlineListeningVehicleId: id } = h.sandbox.fixtures(orgId);
      const created = await h.call('POST', '/v1/tags', { token, body: { key: 'team', value: 'blue', objectType: 'DEVICE', objectId: id } });
      expect(created.status).toBe(200);
      expect(await created.text()).toBe('');
      expect((await h.json('GET', `/v1/tags/DEVICE/${id}`, { token })).body.tags).toContainEqual({ key: 'team', value: 'blue' });
      const del = await h.call('DELETE', `/v1/tags?key=team&value=blue&entityType=DEVICE&entityId=${id}`, { token });
      expect(del.status).toBe(200);
      expect((await h.json('GET', `/v1/tags/DEVICE/${id}`, { token })).body.tags).not.toContainEqual({ key: 'team', value: 'blue' });
    });

    it('enforces 150-character limits, DEVICE only and required fields', async () => {
      const { onlineListeningVehicleId: id } = h.sandbox.fixtures(orgId);
      const max = 'k'.repeat(150);
      expect((await h.call('POST', '/v1/tags', { token, body: { key: max, value: max, objectType: 'DEVICE', objectId: id } })).status).toBe(
        200,
      );
      for (const body of [
        { key: 'k'.repeat(151), value: 'v', objectType: 'DEVICE', objectId: id },
        { key: 'k', value: 'v'.repeat(151), objectType: 'DEVICE', objectId: id },
        { key: 'k', value: 'v', objectType: 'BATTERY', objectId: id },
        { key: 'k', value: 'v', objectType: 'DEVICE' },
      ]) {
        const res = await h.json('POST', '/v1/tags', { token, body });
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('REQUEST_VALIDATION_ERROR');
      }
      expect((await h.json('DELETE', `/v1/tags?key=${'k'.repeat(151)}&value=v&entityType=DEVICE&entityId=${id}`, { token })).status).toBe(
        400,
      );
      expect((await h.json('DELETE', `/v1/tags?key=k&value=v&entityId=${id}`, { token })).status).toBe(400);
      expect((await h.json('GET', `/v1/tags/ACCOUNT/${id}`, { token })).status).toBe(400);
      const unknown = await h.json('POST', '/v1/tags', {
        token,
        body: { key: 'k', value: 'v', objectType: 'DEVICE', objectId: 'veh_nope' },
      });
      expect(unknown.status).toBe(404);
      expect((await h.json('GET', '/v1/tags/DEVICE/veh_nope', { token })).status).toBe(404);
    });

    it('tagging an account tags every vehicle under it', async () => {
      const accountId = h.sandbox.fixtures(orgId).accountIds[3];
      expect(
        (await h.call('POST', '/v1/tags', { token, body: { key: 'fleet', value: 'north', objectType: 'DEVICE', objectId: accountId } }))
          .status,
      ).toBe(200);
      const tagged = await h.json('GET', '/v1/vehicles?maxPageSize=100&tagKey=fleet&tagValue=north', { token });
      const ofAccount = await h.json(
        'GET',
        `/v1/vehicles?maxPageSize=100&filter=${encodeURIComponent(JSON.stringify({ field: 'metadata.accountId', operator: '==', value: accountId }))}`,
        { token },
      );
      expect(ofAccount.body.totalResults).toBeGreaterThan(0);
      expect(tagged.body.results.map((v: { id: string }) => v.id).sort()).toEqual(
        ofAccount.body.results.map((v: { id: string }) => v.id).sort(),
      );
    });
  });
});
