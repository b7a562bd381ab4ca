import { describe, expect, it } from 'vitest';
import { VehicleApiError } from '@/lib/vehicle-api';
import { errorResponse } from './error-response';

describe('errorResponse', () => {
  it('answers a missing consent as a 403 naming the scope, not as refused credentials', async () => {
    const response = errorResponse(
      new VehicleApiError({
        code: 'CONSENT_MISSING',
        status: 401,
        endpoint: 'GET /v1/vehicles/{vehicleId}/specifications',
        requestId: 'req-1',
        message: "This vehicle's owner did not grant vehicle information.",
        details: { scope: 'vehicle:information' },
      }),
    );
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatchObject({
      code: 'CONSENT_MISSING',
      message: "This vehicle's owner did not grant vehicle information.",
      upstreamRequestId: 'req-1',
      details: { scope: 'vehicle:information', upstreamStatus: 401 },
    });
  });

  it('names this request’s id in every error answer, the header’s, and keeps a proxy’s safe id', async () => {
    const own = errorResponse(new Error('boom'));
    const id = (await own.json()).error.requestId;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(own.headers.get('x-request-id')).toBe(id);
    const proxied = errorResponse(new Error('boom'), new Request('http://x/api/o/demo', { headers: { 'x-request-id': 'lb-7' } }));
    expect([(await proxied.json()).error.requestId, proxied.headers.get('x-request-id')]).toEqual(['lb-7', 'lb-7']);
    const unsafe = errorResponse(new Error('boom'), new Request('http://x/api/o/demo', { headers: { 'x-request-id': 'a b' } }));
    expect((await unsafe.json()).error.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('still answers refused credentials as UPSTREAM_AUTHENTICATION_ERROR', async () => {
    const response = errorResponse(
      new VehicleApiError({ code: 'AUTHENTICATION_ERROR', status: 401, endpoint: 'GET /v1/vehicles', message: 'x' }),
    );
    expect(response.status).toBe(502);
    expect((await response.json()).error.code).toBe('UPSTREAM_AUTHENTICATION_ERROR');
  });
});

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

  it('leaves a 429 to the person (a 4xx is never repeated by the browser), naming the time to wait for', async () => {
    expect(await bodyOf(upstream(429, 30_000))).toMatchObject({
      status: 429,
      error: { retryAfterSeconds: 30, message: expect.stringMatching(/^The Vehicle API asked us to wait until \d\d:\d\d UTC\.$/) },
    });
    expect((await bodyOf(upstream(429, 30_000))).error.retryable).toBeUndefined();
  });
});

describe('the deadline of one upstream call', () => {
  it('answers a spent deadline as a 504 naming it, which the browser does not repeat', async () => {
    const { status, error } = await bodyOf(
      new VehicleApiError({
        code: 'UPSTREAM_DEADLINE',
        status: 0,
        retryable: false,
        endpoint: 'GET /v1/vehicles',
        message: 'GET /v1/vehicles did not complete within the 20000 ms deadline of one request (token and retries included)',
      }),
    );
    expect(status).toBe(504);
    expect(error).toMatchObject({ code: 'UPSTREAM_DEADLINE', message: expect.stringContaining('20000 ms deadline') });
    expect(error.retryable).toBeUndefined();
  });
});

describe('a paused organization', () => {
  it('answers 503 UPSTREAM_PAUSED with the wait, which the browser may repeat once after it', async () => {
    const { status, error } = await bodyOf(
      new VehicleApiError({
        code: 'UPSTREAM_PAUSED',
        status: 0,
        retryable: true,
        retryAfterMs: 12_300,
        endpoint: 'GET /v1/vehicles',
        message: 'The Vehicle API asked us to wait until 14:03 UTC; calls for this organization pause until then.',
      }),
    );
    expect(status).toBe(503);
    expect(error).toMatchObject({
      code: 'UPSTREAM_PAUSED',
      retryable: true,
      retryAfterSeconds: 13,
      message: expect.stringContaining('14:03'),
    });
  });
});
