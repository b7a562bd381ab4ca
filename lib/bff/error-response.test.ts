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
      requestId: 'req-1',
      details: { scope: 'vehicle:information', upstreamStatus: 401 },
    });
  });

  it('still answers refused credentials as UPSTREAM_AUTHENTICATION_ERROR', async () => {
    const response = errorResponse(
      new VehicleApiError({ code: 'AUTHENTICATION_ERROR', status: 401, endpoint: 'GET /v1/vehicles', message: 'x' }),
    );
    expect(response.status).toBe(502);
    expect((await response.json()).error.code).toBe('UPSTREAM_AUTHENTICATION_ERROR');
  });
});
