import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVehicleApi, type VehicleApiOptions } from './api';
import { VehicleApiError } from './errors';
import { createFakeUpstream, json } from './fake-upstream.test-support';
import type { UpstreamCallLog } from './log';
import { withUpstreamDeadline } from './deadline';
import { createMemoryTokenStore } from './token-store';

const VEHICLE = { id: 'veh_1', vin: 'WVWZZZ1JZXW000001', make: 'VW', model: 'ID.3', isListening: true };

function setup(overrides: Partial<VehicleApiOptions> = {}, upstreamOptions: { ttlSeconds?: number } = {}) {
  const upstream = createFakeUpstream(upstreamOptions);
  const logs: UpstreamCallLog[] = [];
  const sleeps: number[] = [];
  const api = createVehicleApi({
    baseUrl: 'http://upstream.test/',
    clientId: 'client-abc',
    clientSecret: 'super-secret-value',
    fetch: upstream.fetch,
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5_000 },
    logger: (entry) => logs.push(entry),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  });
  return { api, upstream, logs, sleeps };
}

/**
 * On Vitest's fake clock (setTimeout and performance.now), advances `withinMs` and fails unless
 * `promise` settled by then: how long a time-out takes, asserted without a wall clock that a
 * loaded machine stretches.
 */
async function settledWithin<T>(promise: Promise<T>, withinMs: number): Promise<T> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await vi.advanceTimersByTimeAsync(withinMs);
  expect(settled, `settled within ${withinMs} ms`).toBe(true);
  return promise;
}

async function rejection(promise: Promise<unknown>): Promise<VehicleApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(VehicleApiError);
    return error as VehicleApiError;
  }
  throw new Error('expected a rejection');
}

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

describe('retries', () => {
  it('retries a read on 5xx with capped exponential backoff', async () => {
    const { api, upstream, sleeps } = setup();
    upstream.on('GET /v1/vehicles/veh_1', (_, n) => (n < 3 ? json({ error: 'SERVER_ERROR', message: 'boom' }, 503) : json(VEHICLE)));
    const response = await api.getVehicle('veh_1');
    expect(response.data.id).toBe('veh_1');
    expect(upstream.count('GET /v1/vehicles/veh_1')).toBe(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeLessThanOrEqual(1);
    expect(sleeps[1]).toBeLessThanOrEqual(2);
  });

  it('stops after maxAttempts and reports the last error as retryable', async () => {
    const { api, upstream } = setup();
    upstream.on('GET /v1/vehicles/veh_1', () => json({ error: 'SERVER_ERROR', message: 'down' }, 500));
    const error = await rejection(api.getVehicle('veh_1'));
    expect(error).toMatchObject({ code: 'SERVER_ERROR', status: 500, retryable: true, endpoint: 'GET /v1/vehicles/{vehicleId}' });
    expect(upstream.count('GET /v1/vehicles/veh_1')).toBe(3);
  });

  it('honours Retry-After on a 429', async () => {
    const { api, upstream, sleeps } = setup();
    upstream.on('GET /v1/vehicles/veh_1/telemetry', (_, n) =>
      n === 1 ? json({ error: 'RATE_LIMITED', message: 'slow down' }, 429, { 'Retry-After': '2' }) : json({ id: 'veh_1' }),
    );
    await api.getTelemetry('veh_1');
    expect(sleeps).toEqual([2_000]);
  });

  it('does not hold a call longer than maxDelayMs for a long Retry-After', async () => {
    const { api, upstream, sleeps } = setup({ retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1_000 } });
    upstream.on('GET /v1/rate-limits', () => json({ error: 'RATE_LIMITED', message: 'later' }, 429, { 'Retry-After': '30' }));
    const error = await rejection(api.getRateLimits('veh_1'));
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryable: true, retryAfterMs: 30_000 });
    expect(sleeps).toEqual([]);
  });

  it('retries a read after a network error', async () => {
    const { api, upstream } = setup();
    upstream.on('GET /v1/accounts', (_, n) => {
      if (n === 1) throw new TypeError('fetch failed: ECONNRESET');
      return json({ results: [], nextPageToken: null, totalResults: 0 });
    });
    const response = await api.listAccounts();
    expect(response.data.results).toEqual([]);
    expect(upstream.count('GET /v1/accounts')).toBe(2);
  });

  it('never repeats a command, whatever the failure', async () => {
    const { api, upstream, sleeps } = setup();
    upstream.on('POST /v1/vehicles/veh_1/command-execution:unlock-doors', () => json({ error: 'SERVER_ERROR', message: 'boom' }, 502));
    upstream.on('POST /v1/vehicles/veh_1/command-execution:honk-horn', () =>
      json({ error: 'RATE_LIMITED', message: 'x' }, 429, { 'Retry-After': '0' }),
    );
    upstream.on('POST /v1/vehicles/veh_1/command-execution:flash-lights', () => {
      throw new TypeError('socket hang up');
    });
    expect((await rejection(api.sendCommand('veh_1', 'UNLOCK_DOORS'))).code).toBe('SERVER_ERROR');
    expect((await rejection(api.sendCommand('veh_1', 'HONK_HORN'))).code).toBe('RATE_LIMITED');
    expect((await rejection(api.sendCommand('veh_1', 'FLASH_LIGHTS'))).code).toBe('NETWORK_ERROR');
    expect(upstream.count('POST /v1/vehicles/veh_1/command-execution:unlock-doors')).toBe(1);
    expect(upstream.count('POST /v1/vehicles/veh_1/command-execution:honk-horn')).toBe(1);
    expect(upstream.count('POST /v1/vehicles/veh_1/command-execution:flash-lights')).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('does not repeat a DELETE', async () => {
    const { api, upstream } = setup();
    upstream.on('DELETE /v1/vehicles/veh_1', () => json({ error: 'SERVER_ERROR', message: 'boom' }, 500));
    await rejection(api.deleteVehicle('veh_1'));
    expect(upstream.count('DELETE /v1/vehicles/veh_1')).toBe(1);
  });
});

describe('timeouts', () => {
  const hang = () => new Promise<Response>(() => {});
  afterEach(() => {
    vi.useRealTimers();
  });

  it('times out a command after timeoutMs and does not repeat it', async () => {
    vi.useFakeTimers();
    const { api, upstream } = setup({ timeoutMs: 100 });
    upstream.on('POST /v1/vehicles/veh_1/command-execution:wake-up', hang);
    const error = await settledWithin(rejection(api.sendCommand('veh_1', 'WAKE_UP')), 999);
    expect(error).toMatchObject({ code: 'TIMEOUT', status: 0, retryable: true });
    expect(error.requestId).toBeTruthy();
    expect(upstream.count('POST /v1/vehicles/veh_1/command-execution:wake-up')).toBe(1);
  });

  it('retries a read that timed out, each attempt with its own timeout', async () => {
    const { api, upstream } = setup({ timeoutMs: 100 });
    upstream.on('GET /v1/vehicles/veh_1', (_, n) => (n < 3 ? hang() : json(VEHICLE)));
    const response = await api.getVehicle('veh_1');
    expect(response.data.id).toBe('veh_1');
    expect(upstream.count('GET /v1/vehicles/veh_1')).toBe(3);
  });

  it('aborts the transport signal on timeout', async () => {
    let signal: AbortSignal | undefined;
    const { api } = setup({
      timeoutMs: 10,
      retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
      fetch: async (url, init) => {
        if (url.endsWith('/oauth2/token')) return json({ access_token: 't', expires_in: 3600 });
        signal = init.signal ?? undefined;
        return hang();
      },
    });
    await rejection(api.getVehicle('veh_1'));
    expect(signal?.aborted).toBe(true);
  });
});

describe('the deadline of one call', () => {
  const hang = () => new Promise<Response>(() => {});
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never starts a retry the deadline cannot fit', async () => {
    vi.useFakeTimers();
    const { api, upstream } = setup({ timeoutMs: 100, deadlineMs: 250 });
    upstream.on('GET /v1/vehicles/veh_1', hang);
    const error = await settledWithin(rejection(api.getVehicle('veh_1')), 249);
    expect(error.code).toBe('TIMEOUT');
    expect(upstream.count('GET /v1/vehicles/veh_1')).toBe(2);
  });

  it('cuts an attempt at the deadline and says so', async () => {
    vi.useFakeTimers();
    const { api, upstream } = setup({ timeoutMs: 5_000, deadlineMs: 150 });
    upstream.on('GET /v1/vehicles/veh_1', hang);
    const error = await settledWithin(rejection(api.getVehicle('veh_1')), 999);
    expect(error).toMatchObject({ code: 'UPSTREAM_DEADLINE', status: 0, retryable: false });
    expect(error.message).toContain('150 ms deadline');
    expect(upstream.count('GET /v1/vehicles/veh_1')).toBe(1);
  });

  it('counts the token request in the deadline', async () => {
    vi.useFakeTimers();
    const { api, upstream } = setup({ timeoutMs: 5_000, deadlineMs: 150 });
    upstream.on('POST /v1/oauth2/token', hang);
    upstream.on('GET /v1/vehicles/veh_1', () => json(VEHICLE));
    const error = await settledWithin(rejection(api.getVehicle('veh_1')), 999);
    expect(error).toMatchObject({ code: 'UPSTREAM_DEADLINE', endpoint: 'GET /v1/vehicles/{vehicleId}' });
    expect(upstream.count('GET /v1/vehicles/veh_1')).toBe(0);
  });

  it('shares the deadline of the request between all its calls', async () => {
    const { api, upstream } = setup({ timeoutMs: 5_000, deadlineMs: 5_000 });
    const slow = () => new Promise<Response>((resolve) => setTimeout(() => resolve(json(VEHICLE)), 120));
    upstream.on('GET /v1/vehicles/veh_1', slow);
    upstream.on('GET /v1/vehicles/veh_2', slow);
    const error = await rejection(
      withUpstreamDeadline(200, async () => {
        await api.getVehicle('veh_1');
        return api.getVehicle('veh_2');
      }),
    );
    expect(error).toMatchObject({ code: 'UPSTREAM_DEADLINE', endpoint: 'GET /v1/vehicles/{vehicleId}' });
    expect(error.message).toContain('200 ms deadline');
  });

  it('answers a caller joining a shared read by its own deadline', async () => {
    const { api, upstream } = setup({ timeoutMs: 5_000, deadlineMs: 5_000 });
    upstream.on('GET /v1/vehicles/veh_1', () => new Promise<Response>((resolve) => setTimeout(() => resolve(json(VEHICLE)), 300)));
    const first = api.getVehicle('veh_1');
    const joined = withUpstreamDeadline(100, () => api.getVehicle('veh_1'));
    expect((await rejection(joined)).code).toBe('UPSTREAM_DEADLINE');
    expect((await first).data.id).toBe('veh_1');
    expect(upstream.count('GET /v1/vehicles/veh_1')).toBe(1);
  });

  it('does not wait out a Retry-After that leaves no time for the next attempt', async () => {
    const { api, upstream, sleeps } = setup({ timeoutMs: 1_000, deadlineMs: 2_500 });
    upstream.on('GET /v1/vehicles/veh_1', () => json({ error: 'RATE_LIMITED', message: 'later' }, 429, { 'Retry-After': '2' }));
    const error = await rejection(api.getVehicle('veh_1'));
    expect(error.code).toBe('RATE_LIMITED');
    expect(sleeps).toEqual([]);
    expect(upstream.count('GET /v1/vehicles/veh_1')).toBe(1);
  });
});

describe('bodies and errors', () => {
  it('keeps unknown fields and returns the exact raw body, status and request id', async () => {
    const { api, upstream } = setup();
    const body = { ...VEHICLE, futureField: { nested: [1, 2] }, metadata: { accountId: 'acc_1', brandNew: true } };
    upstream.on('GET /v1/vehicles/veh_1', () => json(body, 200, { 'X-Request-Id': 'req-abc' }));
    const response = await api.getVehicle('veh_1');
    expect(response.data).toMatchObject({ futureField: { nested: [1, 2] }, metadata: { accountId: 'acc_1', brandNew: true } });
    expect(response.raw).toEqual(body);
    expect(response.requestId).toBe('req-abc');
    expect(response.status).toBe(200);
    expect(response.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('accepts missing optional fields and nulls', async () => {
    const { api, upstream } = setup();
    upstream.on('GET /v1/vehicles/veh_1/specifications', () => json({ make: null, batteryCapacity: null }));
    const response = await api.getVehicleSpecifications('veh_1');
    expect(response.data.make).toBeNull();
    expect(response.data.model).toBeUndefined();
  });

  it('turns a payload that does not match into UPSTREAM_CONTRACT_MISMATCH naming the field and request id', async () => {
    const { api, upstream } = setup();
    upstream.on('GET /v1/vehicles', () =>
      json({ results: [VEHICLE, { ...VEHICLE, id: 42 }], nextPageToken: null }, 200, { 'X-Request-Id': 'req-mismatch' }),
    );
    const error = await rejection(api.listVehicles());
    expect(error.code).toBe('UPSTREAM_CONTRACT_MISMATCH');
    expect(error.endpoint).toBe('GET /v1/vehicles');
    expect(error.requestId).toBe('req-mismatch');
    expect(error.message).toContain('results[1].id');
    expect(error.message).toContain('req-mismatch');
    expect(error.details).toMatchObject({ field: 'results[1].id' });
    expect(error.retryable).toBe(false);
  });

  it('reports a 200 with a malformed JSON body as a contract mismatch, not a crash', async () => {
    const { api, upstream } = setup();
    upstream.on('GET /v1/vehicles/veh_1', () => new Response('{"id": "veh_1", ', { status: 200, headers: { 'X-Request-Id': 'req-bad' } }));
    const error = await rejection(api.getVehicle('veh_1'));
    expect(error).toMatchObject({ code: 'UPSTREAM_CONTRACT_MISMATCH', requestId: 'req-bad', details: { field: '(body)' } });
    expect(upstream.count('GET /v1/vehicles/veh_1')).toBe(1);
  });

  it('maps a non-JSON 5xx to SERVER_ERROR and a non-JSON 4xx to REQUEST_VALIDATION_ERROR', async () => {
    const { api, upstream } = setup({ retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    upstream.on('GET /v1/vehicles/veh_1', () => new Response('<html>Bad gateway</html>', { status: 502 }));
    upstream.on('GET /v1/vehicles/veh_2', () => new Response('nope', { status: 400 }));
    expect((await rejection(api.getVehicle('veh_1'))).code).toBe('SERVER_ERROR');
    expect((await rejection(api.getVehicle('veh_2'))).code).toBe('REQUEST_VALIDATION_ERROR');
  });

  it('maps the contract error body with its request id and keeps an unknown code as it came', async () => {
    const { api, upstream } = setup();
    upstream.on('GET /v1/vehicles/gone', () =>
      json(
        { requestId: 'req-404', timestamp: '2026-01-01T00:00:00Z', error: 'RESOURCE_NOT_FOUND', message: 'Vehicle not found', data: null },
        404,
      ),
    );
    upstream.on('POST /v1/accounts:connect', () => json({ error: 'BRAND_NEW_CODE', message: 'something new', data: { x: 1 } }, 418));
    const notFound = await rejection(api.getVehicle('gone'));
    expect(notFound).toMatchObject({ code: 'RESOURCE_NOT_FOUND', status: 404, message: 'Vehicle not found', retryable: false });
    const unknown = await rejection(api.connectAccount({ returnUrl: 'https://motorpool.test/connect/return', scopes: ['vehicle:all'] }));
    expect(unknown).toMatchObject({ code: 'BRAND_NEW_CODE', status: 418, details: { x: 1 } });
  });

  it('keeps the exact error body and the time the call took, for the support view', async () => {
    const { api, upstream } = setup({ retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    const body = {
      requestId: 'req-422',
      timestamp: '2026-01-01T00:00:00Z',
      error: 'UNSUPPORTED_OEM',
      message: 'Options are only available for one brand',
      data: null,
    };
    upstream.on('GET /v1/vehicles/veh_1/options', () => json(body, 422));
    upstream.on('GET /v1/vehicles/veh_2', () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const unsupported = await rejection(api.getVehicleOptions('veh_1'));
    expect(unsupported.raw).toEqual(body);
    expect(unsupported.durationMs).toBeGreaterThanOrEqual(0);
    expect((await rejection(api.getVehicle('veh_2'))).raw).toBe('<html>Bad gateway</html>');
  });

  it('takes the request id from the error body when the header is missing, else the one it sent', async () => {
    const { api, upstream } = setup({ retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    upstream.on(
      'GET /v1/vehicles/veh_1',
      () => new Response(JSON.stringify({ requestId: 'req-body', error: 'SERVER_ERROR', message: 'x' }), { status: 500 }),
    );
    upstream.on('GET /v1/vehicles/veh_2', () => new Response(JSON.stringify(VEHICLE), { status: 200 }));
    expect((await rejection(api.getVehicle('veh_1'))).requestId).toBe('req-body');
    const ok = await api.getVehicle('veh_2');
    const sent = upstream.calls.at(-1)!.headers.get('x-request-id');
    expect(sent).toBeTruthy();
    expect(ok.requestId).toBe(sent);
  });

  it('accepts empty 200 bodies (tags) and a 202 on delete', async () => {
    const { api, upstream } = setup();
    upstream.on('POST /v1/tags', () => new Response(null, { status: 200 }));
    upstream.on('DELETE /v1/vehicles/veh_1', () => new Response(null, { status: 202 }));
    upstream.on('DELETE /v1/tags', () => new Response('', { status: 200 }));
    expect((await api.createTag({ key: 'fleet', value: 'north', objectId: 'veh_1' })).raw).toBeNull();
    expect((await api.deleteVehicle('veh_1')).status).toBe(202);
    await api.deleteTag({ key: 'fleet', value: 'north', objectId: 'veh_1' });
    const tagCall = upstream.calls.find((c) => c.method === 'POST' && c.path === '/v1/tags');
    expect(JSON.parse(tagCall!.body!)).toEqual({ key: 'fleet', value: 'north', objectType: 'DEVICE', objectId: 'veh_1' });
    const deleteCall = upstream.calls.find((c) => c.method === 'DELETE' && c.path === '/v1/tags');
    expect(Object.fromEntries(new URL(deleteCall!.url).searchParams)).toEqual({
      key: 'fleet',
      value: 'north',
      entityType: 'DEVICE',
      entityId: 'veh_1',
    });
  });
});

describe('coalescing', () => {
  it('shares one upstream call between identical concurrent GETs, each caller with its own objects', async () => {
    const { api, upstream } = setup();
    upstream.on('GET /v1/vehicles/veh_1/telemetry', () => json({ id: 'veh_1', odometer: { value: 1200, unit: 'km' } }));
    const results = await Promise.all(Array.from({ length: 20 }, () => api.getTelemetry('veh_1')));
    expect(upstream.count('GET /v1/vehicles/veh_1/telemetry')).toBe(1);
    results[0].data.odometer!.value = -1;
    (results[0].raw as { id: string }).id = 'mutated';
    expect(results[1].data.odometer!.value).toBe(1200);
    expect((results[1].raw as { id: string }).id).toBe('veh_1');
    expect(new Set(results.map((r) => r.data)).size).toBe(20);
  });

  it('gives every caller of a failed shared call its own error', async () => {
    const { api, upstream } = setup({ retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    upstream.on('GET /v1/vehicles/veh_1', () => json({ error: 'RESOURCE_NOT_FOUND', message: 'gone' }, 404));
    const settled = await Promise.allSettled([api.getVehicle('veh_1'), api.getVehicle('veh_1'), api.getVehicle('veh_1')]);
    const errors = settled.map((s) => (s.status === 'rejected' ? s.reason : null));
    expect(errors.every((e) => e instanceof VehicleApiError && e.code === 'RESOURCE_NOT_FOUND')).toBe(true);
    expect(new Set(errors).size).toBe(3);
    expect(upstream.count('GET /v1/vehicles/veh_1')).toBe(1);
  });

  it('does not coalesce different queries, later calls, or commands', async () => {
    const { api, upstream } = setup();
    upstream.on('GET /v1/vehicles', () => json({ results: [], nextPageToken: null }));
    upstream.on('POST /v1/vehicles/veh_1/command-execution:climate-on', (_, n) => json({ id: `exe_${n}`, status: 'PENDING' }));
    await Promise.all([api.listVehicles({ maxPageSize: 10 }), api.listVehicles({ maxPageSize: 20 })]);
    await api.listVehicles({ maxPageSize: 10 });
    expect(upstream.count('GET /v1/vehicles')).toBe(3);
    const executions = await Promise.all([api.sendCommand('veh_1', 'CLIMATE_ON'), api.sendCommand('veh_1', 'CLIMATE_ON')]);
    expect(executions.map((e) => e.data.id).sort()).toEqual(['exe_1', 'exe_2']);
  });

  it('holds a shared read no longer than the deadline: a later caller gets a fresh call', async () => {
    const { api, upstream } = setup({ timeoutMs: 5_000, deadlineMs: 100, retry: { maxAttempts: 1 } });
    upstream.on('GET /v1/vehicles/veh_1', (_, n) => (n === 1 ? new Promise<Response>(() => {}) : json(VEHICLE)));
    expect((await rejection(api.getVehicle('veh_1'))).code).toBe('UPSTREAM_DEADLINE');
    expect((await api.getVehicle('veh_1')).data.id).toBe('veh_1');
    expect(upstream.count('GET /v1/vehicles/veh_1')).toBe(2);
  });

  it('can be switched off', async () => {
    const { api, upstream } = setup({ coalesceReads: false });
    upstream.on('GET /v1/vehicles/veh_1', () => json(VEHICLE));
    await Promise.all([api.getVehicle('veh_1'), api.getVehicle('veh_1')]);
    expect(upstream.count('GET /v1/vehicles/veh_1')).toBe(2);
  });
});

describe('secrets in errors', () => {
  // What console.error prints of an error (util.inspect) and what a JSON logger writes.
  const printed = (error: VehicleApiError) => `${inspect(error, { depth: 10 })}\n${JSON.stringify(error)}`;

  const access = 'sbx_at_leaked-access-token-0123456789';
  const refresh = 'sbx_rt_leaked-refresh-token-0123456789';
  it.each([
    ['JSON off the contract', JSON.stringify({ access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: -1 })],
    ['not JSON', `access_token=${access}&refresh_token=${refresh}&token_type=Bearer`],
  ])('keeps no part of a token response that does not parse (%s)', async (_, body) => {
    const { api, upstream } = setup({ retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    upstream.on('POST /v1/oauth2/token', () => new Response(body, { status: 200 }));
    const error = await rejection(api.getVehicle('veh_1'));
    expect(error).toMatchObject({ code: 'UPSTREAM_CONTRACT_MISMATCH', endpoint: 'POST /v1/oauth2/token' });
    expect(printed(error)).not.toContain(access);
    expect(printed(error)).not.toContain(refresh);
    expect(error.raw).toBeUndefined();
  });

  it('keeps the body of another call for the support view, out of what console.error or JSON prints', async () => {
    const { api, upstream } = setup();
    const body = { results: [{ ...VEHICLE, id: 42, note: 'body-only-marker' }], nextPageToken: null };
    upstream.on('GET /v1/vehicles', () => json(body));
    const error = await rejection(api.listVehicles());
    expect(error.raw).toEqual(body);
    expect(error.clone().raw).toEqual(body);
    expect(Object.keys(error)).not.toContain('raw');
    expect(printed(error)).not.toContain('body-only-marker');
  });
});

describe('logging', () => {
  it('logs one structured line per upstream call with the path template and no secrets', async () => {
    const lines: string[] = [];
    const { api, upstream } = setup({ logger: (entry) => lines.push(JSON.stringify(entry)) });
    upstream.on('GET /v1/vehicles/WVWZZZ1JZXW000001', (_, n) =>
      n === 1 ? json({ error: 'SERVER_ERROR', message: 'x' }, 500) : json(VEHICLE),
    );
    await api.getVehicle('WVWZZZ1JZXW000001');
    const entries = lines.map((l) => JSON.parse(l) as UpstreamCallLog);
    expect(entries.map((e) => [e.method, e.path, e.status, e.attempt])).toEqual([
      ['POST', '/v1/oauth2/token', 200, 1],
      ['GET', '/v1/vehicles/{vehicleId}', 500, 1],
      ['GET', '/v1/vehicles/{vehicleId}', 200, 2],
    ]);
    expect(entries[1].errorCode).toBe('SERVER_ERROR');
    expect(entries[2].errorCode).toBeUndefined();
    for (const entry of entries) {
      expect(entry.event).toBe('vehicle_api.call');
      expect(typeof entry.durationMs).toBe('number');
      expect(entry.requestId).toBeTruthy();
    }
    const all = lines.join('\n');
    for (const secret of [
      'super-secret-value',
      'access-1',
      'refresh-1',
      'WVWZZZ1JZXW000001',
      Buffer.from('client-abc:super-secret-value').toString('base64'),
    ]) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('buildPath', () => {
  it('encodes values into one segment each', async () => {
    const { buildPath } = await import('./client');
    expect(buildPath('/v1/vehicles/{vehicleId}/charging/{sessionId}', { vehicleId: 'veh 1', sessionId: 'a/b' })).toBe(
      '/v1/vehicles/veh%201/charging/a%2Fb',
    );
  });

  // Issue 12, item 9: a value of `.` or `..` would become a dot segment (encodeURIComponent keeps dots).
  it.each(['.', '..'])('refuses %j, which would move the request to another upstream path', async (value) => {
    const { buildPath } = await import('./client');
    expect(() => buildPath('/v1/accounts/{accountId}', { accountId: value })).toThrow(/accountId/);
  });
});
