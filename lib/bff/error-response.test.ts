import { describe, expect, it } from 'vitest';
import { VehicleApiError } from '@/lib/vehicle-api';
import { errorResponse } from './error-response';

const upstream = (status: number, retryAfterMs?: number) =>
  new VehicleApiError({
    code: status === 429 ? 'RATE_LIMITED' : 'SERVER_ERROR',
    status,
    message: 'busy',
    endpoint: 'GET /v1/vehicles',
    retryAfterMs,
  });

async function bodyOf(error: unknown) {
  const response = errorResponse(error);
  return { status: response.status, error: ((await response.json()) as { error: Record<string, unknown> }).error };
}

describe('what the browser may repeat after an upstream failure', () => {
  it('marks nothing retryable that the server already retried', async () => {
    expect((await bodyOf(upstream(503))).error.retryable).toBeUndefined();
    expect((await bodyOf(upstream(503, 2_000))).error.retryable).toBeUndefined();
  });

  it('marks retryable an upstream 5xx asking for a longer wait than a request is held, with that wait', async () => {
    expect(await bodyOf(upstream(503, 30_000))).toMatchObject({ status: 502, error: { retryable: true, retryAfterSeconds: 30 } });
  });

  it('leaves a 429 to the person (a 4xx is never repeated by the browser)', async () => {
    expect(await bodyOf(upstream(429, 30_000))).toMatchObject({ status: 429, error: { retryAfterSeconds: 30 } });
    expect((await bodyOf(upstream(429, 30_000))).error.retryable).toBeUndefined();
  });
});
