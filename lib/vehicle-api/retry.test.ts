import { describe, expect, it } from 'vitest';
import { VehicleApiError } from './errors';
import { retryDelayMs, shouldRetry } from './retry';

const options = { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 1_000 };
const error = (code: string, status: number, retryAfterMs?: number) =>
  new VehicleApiError({ code, status, message: '', endpoint: 'GET /x', retryAfterMs });

describe('retryDelayMs', () => {
  it('grows exponentially with jitter between half and all of the ceiling, capped', () => {
    expect(retryDelayMs(1, options, undefined, () => 0)).toBe(50);
    expect(retryDelayMs(1, options, undefined, () => 1)).toBe(100);
    expect(retryDelayMs(3, options, undefined, () => 1)).toBe(400);
    expect(retryDelayMs(10, options, undefined, () => 1)).toBe(1_000);
    expect(retryDelayMs(10, options, undefined, () => 0)).toBe(500);
  });

  it('uses Retry-After when the upstream gives one', () => {
    expect(retryDelayMs(1, options, 700, () => 0)).toBe(700);
  });
});

describe('shouldRetry', () => {
  it('retries transient failures of idempotent calls only, within the attempt budget', () => {
    expect(shouldRetry(error('SERVER_ERROR', 503), 1, true, options)).toBe(true);
    expect(shouldRetry(error('RATE_LIMITED', 429), 1, true, options)).toBe(true);
    expect(shouldRetry(error('NETWORK_ERROR', 0), 1, true, options)).toBe(true);
    expect(shouldRetry(error('TIMEOUT', 0), 3, true, options)).toBe(true);
    expect(shouldRetry(error('TIMEOUT', 0), 4, true, options)).toBe(false);
    expect(shouldRetry(error('SERVER_ERROR', 500), 1, false, options)).toBe(false);
    expect(shouldRetry(error('RESOURCE_NOT_FOUND', 404), 1, true, options)).toBe(false);
    expect(shouldRetry(error('UPSTREAM_CONTRACT_MISMATCH', 200), 1, true, options)).toBe(false);
    expect(shouldRetry(error('RATE_LIMITED', 429, 5_000), 1, true, options)).toBe(false);
  });
});
