import { describe, expect, it } from 'vitest';
import { createVehicleApi } from './api';
import { createFakeUpstream, json } from './fake-upstream.test-support';
import { createMemoryTokenStore } from './token-store';
import { rejection, setup, VEHICLE } from './client.test-support';

describe('tokens', () => {
  it('obtains a client_credentials token with HTTP Basic and caches it', async () => {
    const { api, upstream } = setup();
    upstream.on('GET /v1/vehicles/veh_1', () => json(VEHICLE));
    await api.getVehicle('veh_1');
    await api.getVehicle('veh_1');
    const [tokenCall] = upstream.tokenCalls();
    expect(upstream.tokenCalls()).toHaveLength(1);
    expect(tokenCall.headers.get('authorization')).toBe(`Basic ${Buffer.from('client-abc:super-secret-value').toString('base64')}`);
    expect(new URLSearchParams(tokenCall.body).get('grant_type')).toBe('client_credentials');
    expect(tokenCall.body).not.toContain('super-secret-value');
    expect(upstream.apiCalls().map((c) => c.headers.get('authorization'))).toEqual(['Bearer access-1', 'Bearer access-1']);
  });

  it('renews with the refresh token shortly before expiry', async () => {
    let clock = 1_000_000;
    const { api, upstream } = setup({ now: () => clock, tokenRefreshSkewMs: 5_000 }, { ttlSeconds: 60 });
    upstream.on('GET /v1/vehicles/veh_1', () => json(VEHICLE));
    await api.getVehicle('veh_1');
    clock += 54_000; // 6 s left: still outside the 5 s skew
    await api.getVehicle('veh_1');
    expect(upstream.tokenCalls()).toHaveLength(1);
    clock += 2_000; // 4 s left: inside the skew
    await api.getVehicle('veh_1');
    const tokenCalls = upstream.tokenCalls();
    expect(tokenCalls).toHaveLength(2);
    const form = new URLSearchParams(tokenCalls[1].body);
    expect(form.get('grant_type')).toBe('refresh_token');
    expect(form.get('refresh_token')).toBe('refresh-1');
    expect(upstream.apiCalls().at(-1)?.headers.get('authorization')).toBe('Bearer access-2');
  });

  it('falls back to client_credentials when the refresh grant is refused', async () => {
    let clock = 0;
    const { api, upstream } = setup({ now: () => clock }, { ttlSeconds: 60 });
    let issued = 0;
    upstream.on('POST /v1/oauth2/token', (call) => {
      if (new URLSearchParams(call.body).get('grant_type') === 'refresh_token') {
        return json({ requestId: 'r', error: 'AUTHENTICATION_ERROR', message: 'refresh token revoked' }, 401);
      }
      issued++;
      return json({ access_token: `cc-${issued}`, expires_in: 60, refresh_token: `rt-${issued}` });
    });
    upstream.on('GET /v1/vehicles/veh_1', () => json(VEHICLE));
    await api.getVehicle('veh_1');
    clock += 61_000;
    await api.getVehicle('veh_1');
    expect(upstream.tokenCalls().map((c) => new URLSearchParams(c.body).get('grant_type'))).toEqual([
      'client_credentials',
      'refresh_token',
      'client_credentials',
    ]);
    expect(upstream.apiCalls().at(-1)?.headers.get('authorization')).toBe('Bearer cc-2');
  });

  it('on a 401 renews the token once and repeats the call once', async () => {
    const { api, upstream } = setup();
    upstream.on('GET /v1/vehicles/veh_1', (call) =>
      call.headers.get('authorization') === 'Bearer access-1'
        ? json({ error: 'AUTHENTICATION_ERROR', message: 'revoked' }, 401)
        : json(VEHICLE),
    );
    const response = await api.getVehicle('veh_1');
    expect(response.data.id).toBe('veh_1');
    expect(upstream.tokenCalls()).toHaveLength(2);
    expect(upstream.count('GET /v1/vehicles/veh_1')).toBe(2);
  });

  it('costs the upstream at most three calls for one read, a renewal’s token request included', async () => {
    // A 5xx, then the token turns out revoked: a renewal would make four calls, so the 5xx is reported.
    const first = setup();
    let n = 0;
    first.upstream.on('GET /v1/vehicles/veh_1', () =>
      ++n === 1 ? json({ error: 'SERVER_ERROR', message: 'boom' }, 500) : json({ error: 'AUTHENTICATION_ERROR', message: 'revoked' }, 401),
    );
    await first.api.testToken().catch(() => undefined);
    const tokensBefore = first.upstream.tokenCalls().length;
    const error = await rejection(first.api.getVehicle('veh_1'));
    expect(error).toMatchObject({ code: 'SERVER_ERROR', status: 500 });
    expect(first.upstream.count('GET /v1/vehicles/veh_1') + first.upstream.tokenCalls().length - tokensBefore).toBe(2);

    // Revoked first: the 401, one token request, the repeat; its 5xx is not retried past three calls.
    const second = setup();
    second.upstream.on('GET /v1/vehicles/veh_1', (call) =>
      call.headers.get('authorization') === 'Bearer access-1'
        ? json({ error: 'AUTHENTICATION_ERROR', message: 'revoked' }, 401)
        : json({ error: 'SERVER_ERROR', message: 'boom' }, 503),
    );
    await rejection(second.api.getVehicle('veh_1'));
    expect(second.upstream.count('GET /v1/vehicles/veh_1')).toBe(2);
    expect(second.upstream.tokenCalls()).toHaveLength(2);
  });

  it('gives up after one renewal when the upstream keeps answering 401', async () => {
    const { api, upstream } = setup();
    upstream.on('POST /v1/vehicles/veh_1/command-execution:lock-doors', () =>
      json({ error: 'AUTHENTICATION_ERROR', message: 'no scope' }, 401),
    );
    const error = await rejection(api.sendCommand('veh_1', 'LOCK_DOORS'));
    expect(error.code).toBe('AUTHENTICATION_ERROR');
    expect(error.status).toBe(401);
    expect(error.retryable).toBe(false);
    expect(upstream.tokenCalls()).toHaveLength(2);
    expect(upstream.count('POST /v1/vehicles/veh_1/command-execution:lock-doors')).toBe(2);
  });

  it('reads a 401 on one endpoint while the token works elsewhere as a missing consent, and never renews for it', async () => {
    const { api, upstream } = setup();
    upstream.on('GET /v1/vehicles/veh_1', () => json(VEHICLE));
    upstream.on('GET /v1/vehicles/veh_1/specifications', () => json({ error: 'AUTHENTICATION_ERROR', message: 'Unauthorized' }, 401));
    await api.getVehicle('veh_1');
    const error = await rejection(api.getVehicleSpecifications('veh_1'));
    expect(error).toMatchObject({ code: 'CONSENT_MISSING', status: 401, retryable: false, details: { scope: 'vehicle:information' } });
    expect(error.message).toBe("This vehicle's owner did not grant vehicle information.");
    expect(upstream.tokenCalls()).toHaveLength(1);
    expect(upstream.count('GET /v1/vehicles/veh_1/specifications')).toBe(1);
    // The organization's token is still the one in use.
    await api.getVehicle('veh_1');
    expect(upstream.apiCalls().at(-1)!.headers.get('authorization')).toBe('Bearer access-1');
  });

  it('reads a 401 right after a fresh token as a missing consent, on the first call of a cold cache', async () => {
    const { api, upstream } = setup();
    upstream.on('GET /v1/vehicles/veh_1/telemetry', () => json({ error: 'AUTHENTICATION_ERROR', message: 'Unauthorized' }, 401));
    const error = await rejection(api.getTelemetry('veh_1'));
    expect(error).toMatchObject({ code: 'CONSENT_MISSING', details: { scope: 'vehicle:telemetry' } });
    expect(upstream.tokenCalls()).toHaveLength(1);
  });

  it('renews a token of unknown age once on a scoped endpoint, then reads a second 401 as a missing consent', async () => {
    let clock = 1_000_000;
    const { api, upstream } = setup({ now: () => clock });
    upstream.on('GET /v1/vehicles/veh_1/departure-times', () => json({ error: 'AUTHENTICATION_ERROR', message: 'Unauthorized' }, 401));
    upstream.on('GET /v1/vehicles', () => json({ error: 'AUTHENTICATION_ERROR', message: 'expired' }, 401));
    // A token obtained long ago that never worked: it may have expired early, so one renewal is fair.
    await rejection(api.listVehicles());
    clock += 10 * 60_000;
    upstream.on('GET /v1/vehicles', () => json({ results: [], nextPageToken: null }));
    const tokensBefore = upstream.tokenCalls().length;
    const error = await rejection(api.getDepartureTimes('veh_1'));
    expect(error).toMatchObject({ code: 'CONSENT_MISSING', details: { scope: 'vehicle:charging_history' } });
    expect(upstream.tokenCalls().length - tokensBefore).toBe(1);
    expect(upstream.count('GET /v1/vehicles/veh_1/departure-times')).toBe(2);
  });

  it('still renews and reports AUTHENTICATION_ERROR on an endpoint no consent scope guards', async () => {
    const { api, upstream } = setup();
    upstream.on('GET /v1/vehicles', () => json({ error: 'AUTHENTICATION_ERROR', message: 'revoked' }, 401));
    const error = await rejection(api.listVehicles());
    expect(error.code).toBe('AUTHENTICATION_ERROR');
    expect(upstream.tokenCalls()).toHaveLength(2);
  });

  it('asks for one token however many calls start on a cold cache (single flight)', async () => {
    const { api, upstream } = setup();
    for (let i = 0; i < 50; i++) upstream.on(`GET /v1/vehicles/v${i}`, () => json({ ...VEHICLE, id: `v${i}` }));
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => api.getVehicle(`v${i}`)));
    expect(results.map((r) => r.data.id)).toEqual(Array.from({ length: 50 }, (_, i) => `v${i}`));
    expect(upstream.tokenCalls()).toHaveLength(1);
  });

  it('shares one token request between clients built on the same store and cache key', async () => {
    const upstream = createFakeUpstream();
    upstream.on('GET /v1/vehicles/veh_1', () => json(VEHICLE));
    upstream.on('GET /v1/vehicles/veh_2', () => json({ ...VEHICLE, id: 'veh_2' }));
    const tokenStore = createMemoryTokenStore();
    const make = () =>
      createVehicleApi({
        baseUrl: 'http://upstream.test',
        clientId: 'c',
        clientSecret: 's',
        fetch: upstream.fetch,
        tokenStore,
        tokenCacheKey: 'org_1',
        logger: () => {},
      });
    await Promise.all([make().getVehicle('veh_1'), make().getVehicle('veh_2'), make().getVehicle('veh_1')]);
    expect(upstream.tokenCalls()).toHaveLength(1);
    expect(await tokenStore.get('org_1')).toMatchObject({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  });

  it('keeps working when the shared token store fails', async () => {
    const { api, upstream } = setup({
      tokenStore: {
        get: async () => {
          throw new Error('database unavailable');
        },
        set: async () => {
          throw new Error('database unavailable');
        },
        delete: async () => {},
      },
    });
    upstream.on('GET /v1/vehicles/veh_1', () => json(VEHICLE));
    const results = await Promise.all([api.getVehicle('veh_1'), api.listVehicles().catch(() => null)]);
    expect(results[0].data.id).toBe('veh_1');
    expect(upstream.tokenCalls()).toHaveLength(1);
  });

  it('reports a refused client_credentials grant as AUTHENTICATION_ERROR without looping', async () => {
    const { api, upstream } = setup();
    upstream.on('POST /v1/oauth2/token', () => json({ error: 'AUTHENTICATION_ERROR', message: 'bad credentials' }, 401));
    const error = await rejection(api.getVehicle('veh_1'));
    expect(error.code).toBe('AUTHENTICATION_ERROR');
    expect(error.endpoint).toBe('POST /v1/oauth2/token');
    expect(upstream.tokenCalls()).toHaveLength(1);
    expect(upstream.apiCalls()).toHaveLength(0);
  });
});
