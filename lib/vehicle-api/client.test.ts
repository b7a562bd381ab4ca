import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { VehicleApiError } from './errors';
import { json } from './fake-upstream.test-support';
import type { UpstreamCallLog } from './log';
import { rejection, setup, VEHICLE } from './client.test-support';

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
