import { describe, expect, it } from 'vitest';
import { createVehicleApi } from './api';
import { createBreaker } from './breaker';
import { VehicleApiError } from './errors';
import { createFakeUpstream, json } from './fake-upstream.test-support';

function pausedError(run: () => unknown): VehicleApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(VehicleApiError);
    return error as VehicleApiError;
  }
  throw new Error('expected UPSTREAM_PAUSED');
}

describe('breaker', () => {
  it('pauses an organization for the Retry-After of a 429, naming the time, then lets one probe through', () => {
    let clock = Date.parse('2026-11-23T14:00:00Z');
    const breaker = createBreaker({ now: () => clock });
    breaker.record('org-a', { status: 429, retryAfterMs: 180_000 }, breaker.admit('org-a', 'GET /v1/vehicles'));
    const error = pausedError(() => breaker.admit('org-a', 'GET /v1/vehicles'));
    expect(error).toMatchObject({ code: 'UPSTREAM_PAUSED', retryable: true, retryAfterMs: 180_000 });
    expect(error.message).toContain('asked us to wait until 14:03');
    expect(breaker.admit('org-b', 'GET /v1/vehicles')).toEqual({ probe: false });

    clock += 180_000;
    const probe = breaker.admit('org-a', 'GET /v1/vehicles');
    expect(probe).toEqual({ probe: true });
    expect(pausedError(() => breaker.admit('org-a', 'GET /v1/vehicles')).code).toBe('UPSTREAM_PAUSED');
    breaker.record('org-a', { status: 200 }, probe);
    expect(breaker.admit('org-a', 'GET /v1/vehicles')).toEqual({ probe: false });
    expect(breaker.size()).toBe(0);
  });

  it('opens after five failures in a row, not after four, and a failed probe opens it again', () => {
    let clock = 0;
    const breaker = createBreaker({ now: () => clock, cooldownMs: 30_000 });
    const fail = (status: number) => breaker.record('org', { status }, breaker.admit('org', 'GET /v1/x'));
    fail(500);
    fail(502);
    fail(0);
    fail(503);
    expect(breaker.admit('org', 'GET /v1/x')).toEqual({ probe: false });
    fail(500);
    expect(pausedError(() => breaker.admit('org', 'GET /v1/x')).message).toContain('failed 5 times in a row');
    clock += 30_000;
    fail(500);
    expect(pausedError(() => breaker.admit('org', 'GET /v1/x')).retryAfterMs).toBe(30_000);
  });

  it('a success between failures resets the run', () => {
    const breaker = createBreaker();
    const answer = (status: number) => breaker.record('org', { status }, breaker.admit('org', 'GET /v1/x'));
    for (const status of [500, 500, 500, 500, 200, 500, 500, 500, 500]) answer(status);
    expect(breaker.admit('org', 'GET /v1/x')).toEqual({ probe: false });
  });

  it('holds state for at most maxEntries organizations, dropping the oldest', () => {
    const breaker = createBreaker({ maxEntries: 3 });
    for (const org of ['a', 'b', 'c', 'd']) breaker.record(org, { status: 429, retryAfterMs: 60_000 }, { probe: false });
    expect(breaker.size()).toBe(3);
    expect(breaker.admit('a', 'GET /v1/x')).toEqual({ probe: false });
    expect(() => breaker.admit('d', 'GET /v1/x')).toThrow(VehicleApiError);
  });
});

describe('a client behind the breaker', () => {
  it('fails fast for the organization after a 429 with a long Retry-After, without calling the upstream', async () => {
    let clock = Date.parse('2026-11-23T14:00:00Z');
    const breaker = createBreaker({ now: () => clock });
    const upstream = createFakeUpstream();
    const api = createVehicleApi({
      baseUrl: 'http://upstream.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: upstream.fetch,
      retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1_000 },
      logger: () => {},
      breaker: { breaker, key: 'org-a' },
    });
    upstream.on('GET /v1/vehicles', (_, n) =>
      n === 1
        ? json({ error: 'RATE_LIMITED', message: 'later' }, 429, { 'Retry-After': '120' })
        : json({ results: [], nextPageToken: null }),
    );
    await expect(api.listVehicles()).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await expect(api.listVehicles()).rejects.toMatchObject({ code: 'UPSTREAM_PAUSED', retryAfterMs: 120_000 });
    await expect(api.getVehicle('veh_1')).rejects.toMatchObject({ code: 'UPSTREAM_PAUSED' });
    expect(upstream.apiCalls()).toHaveLength(1);
    clock += 120_000;
    await expect(api.listVehicles()).resolves.toMatchObject({ status: 200 });
    expect(upstream.apiCalls()).toHaveLength(2);
  });

  it('answers the failure that made a read retry when a pause begins in between, so the browser does not ask again', async () => {
    const breaker = createBreaker({ failureThreshold: 2 });
    const upstream = createFakeUpstream();
    const api = createVehicleApi({
      baseUrl: 'http://upstream.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: upstream.fetch,
      retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1_000 },
      logger: () => {},
      breaker: { breaker, key: 'org-a' },
    });
    upstream.on('GET /v1/vehicles', () => json({ error: 'SERVER_ERROR', message: 'down' }, 503));
    // Two 503s open the breaker; the third attempt is refused by it: the answer is the 503, not a pause.
    await expect(api.listVehicles()).rejects.toMatchObject({ code: 'SERVER_ERROR', status: 503 });
    expect(upstream.apiCalls()).toHaveLength(2);
    await expect(api.listVehicles()).rejects.toMatchObject({ code: 'UPSTREAM_PAUSED' });
    expect(upstream.apiCalls()).toHaveLength(2);
  });
});
