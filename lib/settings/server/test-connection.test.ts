import { describe, expect, it } from 'vitest';
import { VehicleApiError } from '@/lib/vehicle-api';
import { testFailure } from './test-connection';

const LEAK = 'ami-id: i-0123 aws_secret_access_key=AKIA-LEAKED <html>internal</html>';

describe('test connection failures', () => {
  it.each([
    ['AUTHENTICATION_ERROR', 401, 502, 'UPSTREAM_AUTHENTICATION_ERROR'],
    ['SERVER_ERROR', 500, 502, 'SERVER_ERROR'],
    ['SOMETHING_ODD', 418, 502, 'UPSTREAM_ERROR'],
    ['NETWORK_ERROR', 0, 504, 'NETWORK_ERROR'],
    ['RATE_LIMITED', 429, 429, 'RATE_LIMITED'],
  ])('%s answers our own words, never the body of the host', (code, status, expectedStatus, expectedCode) => {
    const error = new VehicleApiError({
      code,
      status,
      endpoint: 'POST /v1/auth/token',
      message: LEAK,
      raw: LEAK,
      details: { leak: LEAK },
      requestId: `<script>${LEAK}`,
    });
    const appError = testFailure(error);
    expect(appError.status).toBe(expectedStatus);
    expect(appError.body.code).toBe(expectedCode);
    expect(JSON.stringify(appError.body)).not.toMatch(/AKIA|internal|ami-id|script/);
  });

  it('keeps a plain upstream request id for support', () => {
    const error = new VehicleApiError({
      code: 'SERVER_ERROR',
      status: 503,
      endpoint: 'POST /v1/auth/token',
      message: LEAK,
      requestId: 'req_123-abc',
    });
    expect(testFailure(error).body).toMatchObject({ upstreamRequestId: 'req_123-abc', details: { upstreamStatus: 503 } });
  });
});
