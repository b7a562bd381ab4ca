import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from './fake-upstream.test-support';
import { withUpstreamDeadline } from './deadline';
import { rejection, settledWithin, setup, VEHICLE } from './client.test-support';

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

  it('says a call failed before a response without the failure’s own text, which goes to the log', async () => {
    const { api, upstream, logs } = setup({ retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    const below = new Error('Refused to connect to api.internal: it resolves to a non-public address (10.0.0.5)');
    upstream.on('GET /v1/accounts', () => {
      throw below;
    });
    const error = await rejection(api.listAccounts());
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: 0, message: 'GET /v1/accounts failed before a response', cause: below });
    expect(logs.at(-1)).toMatchObject({ errorCode: 'NETWORK_ERROR', errorDetail: below.message });
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
