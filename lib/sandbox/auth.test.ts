import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, serve } from './node-server';
import { type Harness, basicAuth, createHarness } from './sandbox.test-support';

/** The OAuth2 endpoints over a real HTTP server on an ephemeral loopback port. */
describe('OAuth2 over HTTP', () => {
  let server: RunningServer;
  let h: Harness;

  beforeAll(async () => {
    const local = createHarness({ tokenTtlSeconds: 60 });
    server = await serve(local.sandbox.handle, { port: 0 });
    h = createHarness({ tokenTtlSeconds: 60 }, server.url);
    // Route the harness's calls to the served sandbox, whose clock the local harness owns.
    h.sandbox = local.sandbox;
    h.clock = local.clock;
  });
  afterAll(() => server.close());

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const formHeaders = (extra: Record<string, string> = {}) => ({ 'content-type': 'application/x-www-form-urlencoded', ...extra });

  async function tokenWith(headers: Record<string, string>, body: Record<string, string>) {
    return h.call('POST', '/v1/oauth2/token', { body: form(body), headers: formHeaders(headers) });
  }

  it('issues a token for client_credentials with HTTP Basic', async () => {
    const org = h.sandbox.organizations[0];
    const response = await tokenWith({ authorization: basicAuth(org.clientId, org.clientSecret) }, { grant_type: 'client_credentials' });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 60 });
    const test = await h.json('POST', '/v1/oauth2/test-token', { token: body.access_token });
    expect(test.status).toBe(200);
    expect(test.body).toEqual({ clientId: org.clientId, organizationId: org.id });
  });

  it('still accepts the deprecated credentials in the form body', async () => {
    const org = h.sandbox.organizations[1];
    const response = await tokenWith({}, { grant_type: 'client_credentials', client_id: org.clientId, client_secret: org.clientSecret });
    expect(response.status).toBe(200);
    const { access_token } = await response.json();
    expect((await h.json('POST', '/v1/oauth2/test-token', { token: access_token })).body.organizationId).toBe(org.id);
  });

  it('refuses bad credentials with AUTHENTICATION_ERROR 401', async () => {
    const org = h.sandbox.organizations[0];
    const attempts: Array<Record<string, string>> = [
      { authorization: basicAuth(org.clientId, 'wrong') },
      { authorization: basicAuth('nobody', org.clientSecret) },
      {},
    ];
    for (const headers of attempts) {
      const response = await tokenWith(headers, { grant_type: 'client_credentials' });
      expect(response.status).toBe(401);
      const body = await response.json();
      expect(body.error).toBe('AUTHENTICATION_ERROR');
      expect(body.requestId).toBe(response.headers.get('x-request-id'));
    }
  });

  it('rejects a missing or unknown grant type with REQUEST_VALIDATION_ERROR', async () => {
    const org = h.sandbox.organizations[0];
    const response = await tokenWith({ authorization: basicAuth(org.clientId, org.clientSecret) }, { grant_type: 'password' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('REQUEST_VALIDATION_ERROR');
  });

  it('exchanges a refresh token for a new access token, once', async () => {
    const org = h.sandbox.organizations[0];
    const first = await (
      await tokenWith({ authorization: basicAuth(org.clientId, org.clientSecret) }, { grant_type: 'client_credentials' })
    ).json();
    const refreshed = await tokenWith({}, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    const body = await refreshed.json();
    expect(body.access_token).not.toBe(first.access_token);
    expect((await h.json('POST', '/v1/oauth2/test-token', { token: body.access_token })).body.organizationId).toBe(org.id);
    const reused = await tokenWith({}, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(reused.status).toBe(401);
  });

  it('honours expires_in on the injected clock', async () => {
    const token = await h.token();
    expect((await h.call('POST', '/v1/oauth2/test-token', { token })).status).toBe(200);
    h.clock.advance(59_000);
    expect((await h.call('POST', '/v1/oauth2/test-token', { token })).status).toBe(200);
    h.clock.advance(1_000);
    const expired = await h.json('POST', '/v1/oauth2/test-token', { token });
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe('AUTHENTICATION_ERROR');
    expect(expired.body.message).toMatch(/expired/);
  });

  it('revokes access and refresh tokens, per organization or all', async () => {
    const org0 = h.sandbox.organizations[0];
    const t0 = await (
      await tokenWith({ authorization: basicAuth(org0.clientId, org0.clientSecret) }, { grant_type: 'client_credentials' })
    ).json();
    const t1 = await h.token(1);
    h.sandbox.revokeTokens(org0.id);
    expect((await h.call('GET', '/v1/vehicles', { token: t0.access_token })).status).toBe(401);
    expect((await tokenWith({}, { grant_type: 'refresh_token', refresh_token: t0.refresh_token })).status).toBe(401);
    expect((await h.call('GET', '/v1/vehicles', { token: t1 })).status).toBe(200);
    const revoke = await h.call('POST', '/_admin/revoke-tokens', { body: {} });
    expect(revoke.status).toBe(200);
    expect((await h.call('GET', '/v1/vehicles', { token: t1 })).status).toBe(401);
  });

  it('requires a bearer token on every data endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/v1/accounts'],
      ['GET', '/v1/vehicles'],
      ['POST', '/v1/vehicles/eligibility'],
      ['GET', '/v1/rate-limits?objectId=x&domain=VEHICLE'],
    ]) {
      const response = await h.json(method, path, { token: method === 'GET' && path === '/v1/accounts' ? 'sbx_at_forged' : undefined });
      expect(response.status).toBe(401);
      expect(response.body.error).toBe('AUTHENTICATION_ERROR');
    }
  });

  it('gives 401 when the token lacks the scope an endpoint needs', async () => {
    const token = await h.token(0, 'vehicle:telemetry');
    const { optionsBrandVehicleId } = h.sandbox.fixtures(h.sandbox.organizations[0].id);
    expect((await h.call('GET', `/v1/vehicles/${optionsBrandVehicleId}/telemetry`, { token })).status).toBe(200);
    expect((await h.call('GET', `/v1/vehicles/${optionsBrandVehicleId}/options`, { token })).status).toBe(401);
    const vehicle = await h.json('GET', `/v1/vehicles/${optionsBrandVehicleId}`, { token });
    expect(vehicle.body.vin).toBeUndefined();
    expect(vehicle.body.registrationPlate).toBeUndefined();
  });

  it('keeps the same credentials for the same seed', () => {
    const again = createHarness({ tokenTtlSeconds: 60, vehiclesPerOrg: 500 });
    expect(again.sandbox.organizations).toEqual(h.sandbox.organizations);
    expect(again.sandbox.organizations[0].name).toBe('Demo Fleet');
    expect(again.sandbox.organizations[0].clientId).toMatch(/^sbx_demo_/);
    expect(createHarness({ seed: 7 }).sandbox.organizations[0].clientSecret).not.toBe(h.sandbox.organizations[0].clientSecret);
  });
});
