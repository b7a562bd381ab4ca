import { describe, expect, it } from 'vitest';
import { parseErrorBody, parseRetryAfter, VehicleApiError } from './errors';

describe('parseErrorBody', () => {
  it('reads the contract body', () => {
    expect(
      parseErrorBody(409, {
        requestId: 'r1',
        timestamp: 't',
        error: 'COMMAND_ALREADY_IN_PROGRESS',
        message: 'busy',
        data: { command: 'LOCK_DOORS' },
      }),
    ).toEqual({ code: 'COMMAND_ALREADY_IN_PROGRESS', message: 'busy', requestId: 'r1', details: { command: 'LOCK_DOORS' } });
  });

  it('reads {error: {code, message}}', () => {
    expect(parseErrorBody(422, { error: { code: 'UNSUPPORTED_OEM', message: 'not this brand' } })).toMatchObject({
      code: 'UNSUPPORTED_OEM',
      message: 'not this brand',
    });
  });

  it('reads {code, message}', () => {
    expect(parseErrorBody(403, { code: 'NOT_PERMITTED', message: 'no' })).toMatchObject({ code: 'NOT_PERMITTED', message: 'no' });
  });

  it('reads a 404 with a framework body as a path the service does not have, not a validation error', () => {
    expect(parseErrorBody(404, { detail: 'Not Found' })).toMatchObject({ code: 'ENDPOINT_NOT_FOUND', message: 'Not Found' });
    expect(parseErrorBody(404, { error: 'VEHICLE_NOT_FOUND', message: 'no such vehicle' })).toMatchObject({ code: 'VEHICLE_NOT_FOUND' });
  });

  it('reads a FastAPI detail list as REQUEST_VALIDATION_ERROR', () => {
    const parsed = parseErrorBody(422, { detail: [{ loc: ['body', 'vins', 0], msg: 'field required', type: 'value_error.missing' }] });
    expect(parsed.code).toBe('REQUEST_VALIDATION_ERROR');
    expect(parsed.message).toBe('body.vins.0: field required');
  });

  it('falls back on the status for bodies that are not JSON objects', () => {
    expect(parseErrorBody(503, '<html>')).toMatchObject({ code: 'SERVER_ERROR' });
    expect(parseErrorBody(404, null)).toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
    expect(parseErrorBody(401, '')).toMatchObject({ code: 'AUTHENTICATION_ERROR' });
    expect(parseErrorBody(429, [])).toMatchObject({ code: 'RATE_LIMITED' });
    expect(parseErrorBody(405, 'Method Not Allowed')).toMatchObject({ code: 'REQUEST_VALIDATION_ERROR' });
  });

  it('keeps codes it does not know', () => {
    expect(parseErrorBody(400, { error: 'SOMETHING_NEW', message: 'm' }).code).toBe('SOMETHING_NEW');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3', 0)).toBe(3_000);
    expect(parseRetryAfter('0.5', 0)).toBe(500);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(parseRetryAfter(null, 0)).toBeUndefined();
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
  });
});

describe('VehicleApiError', () => {
  it('derives retryable from code and status and serialises without a stack', () => {
    const error = new VehicleApiError({ code: 'SERVER_ERROR', status: 500, message: 'x', endpoint: 'GET /v1/accounts', requestId: 'r' });
    expect(error.retryable).toBe(true);
    expect(new VehicleApiError({ code: 'RESOURCE_NOT_FOUND', status: 404, message: 'x', endpoint: 'e' }).retryable).toBe(false);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'VehicleApiError',
      code: 'SERVER_ERROR',
      status: 500,
      message: 'x',
      requestId: 'r',
      retryable: true,
      endpoint: 'GET /v1/accounts',
    });
    const copy = error.clone();
    expect(copy).not.toBe(error);
    expect(copy).toMatchObject({ code: 'SERVER_ERROR', message: 'x', requestId: 'r' });
  });
});
