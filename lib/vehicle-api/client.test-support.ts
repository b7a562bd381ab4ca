import { expect, vi } from 'vitest';
import { createVehicleApi, type VehicleApiOptions } from './api';
import { VehicleApiError } from './errors';
import { createFakeUpstream } from './fake-upstream.test-support';
import type { UpstreamCallLog } from './log';
export const VEHICLE = { id: 'veh_1', vin: 'WVWZZZ1JZXW000001', make: 'VW', model: 'ID.3', isListening: true };

export function setup(overrides: Partial<VehicleApiOptions> = {}, upstreamOptions: { ttlSeconds?: number } = {}) {
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
export async function settledWithin<T>(promise: Promise<T>, withinMs: number): Promise<T> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await vi.advanceTimersByTimeAsync(withinMs);
  expect(settled, `settled within ${withinMs} ms`).toBe(true);
  return promise;
}

export async function rejection(promise: Promise<unknown>): Promise<VehicleApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(VehicleApiError);
    return error as VehicleApiError;
  }
  throw new Error('expected a rejection');
}
