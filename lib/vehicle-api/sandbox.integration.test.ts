import { describe, expect, it } from 'vitest';
import { createSandbox, type SandboxOptions } from '@/lib/sandbox';
import { createVehicleApi, type VehicleApiOptions } from './api';
import type { FetchLike } from './client';
import { VehicleApiError } from './errors';
import type { UpstreamCallLog } from './log';
import { paginate, paginateItems } from './paginate';

const START = Date.parse('2026-06-01T12:00:00.000Z');

function setup(sandboxOptions: SandboxOptions = {}, clientOptions: Partial<VehicleApiOptions> = {}) {
  const clock = { now: START };
  const sandbox = createSandbox({ seed: 1, vehiclesPerOrg: 30, commandDelayMs: 1_000, now: () => clock.now, ...sandboxOptions });
  const org = sandbox.organizations[0];
  const fixtures = sandbox.fixtures(org.id);
  const calls: { method: string; path: string }[] = [];
  const countingFetch: FetchLike = (input, init) => {
    calls.push({ method: init.method ?? 'GET', path: new URL(input).pathname });
    return sandbox.fetch(input, init);
  };
  const logs: UpstreamCallLog[] = [];
  const sleeps: number[] = [];
  const api = createVehicleApi({
    baseUrl: 'http://sandbox.local',
    clientId: org.clientId,
    clientSecret: org.clientSecret,
    fetch: countingFetch,
    now: () => clock.now,
    retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2_000 },
    logger: (entry) => logs.push(entry),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...clientOptions,
  });
  const count = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path).length;
  const tokenRequests = () => count('POST', '/v1/oauth2/token');
  return { sandbox, org, fixtures, api, clock, calls, count, tokenRequests, logs, sleeps };
}

async function rejection(promise: Promise<unknown>): Promise<VehicleApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VehicleApiError);
  return error as VehicleApiError;
}

describe('every endpoint against the sandbox', () => {
  it('reads the organization, accounts, tags and vehicles', async () => {
    const { api, org, fixtures } = setup();
    expect((await api.testToken()).data).toMatchObject({ clientId: org.clientId, organizationId: org.id });

    const accounts = await api.listAccounts({ maxPageSize: 5 });
    expect(accounts.data.results.length).toBeGreaterThan(0);
    expect(accounts.requestId).toMatch(/^req_/);
    const account = await api.getAccount(fixtures.accountIds[0]);
    expect(account.data.id).toBe(fixtures.accountIds[0]);

    const tagged = fixtures.taggedVehicle;
    expect((await api.listTags(tagged.id)).data.tags).toContainEqual(expect.objectContaining({ key: tagged.key, value: tagged.value }));
    const byTag = await api.listVehicles({ tagKey: tagged.key, tagValue: tagged.value });
    expect(byTag.data.results.map((v) => v.id)).toContain(tagged.id);

    await api.createTag({ key: 'motorpool-test', value: 'yes', objectId: fixtures.onlineListeningVehicleId });
    expect((await api.listTags(fixtures.onlineListeningVehicleId)).data.tags).toContainEqual(
      expect.objectContaining({ key: 'motorpool-test', value: 'yes' }),
    );
    await api.deleteTag({ key: 'motorpool-test', value: 'yes', objectId: fixtures.onlineListeningVehicleId });
    expect((await api.listTags(fixtures.onlineListeningVehicleId)).data.tags).not.toContainEqual(
      expect.objectContaining({ key: 'motorpool-test' }),
    );

    const all: string[] = [];
    for await (const vehicle of paginateItems(api.listVehicles, { maxPageSize: 7 })) all.push(vehicle.id);
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(new Set(all).size).toBe(all.length);

    const vehicle = await api.getVehicle(fixtures.onlineListeningVehicleId);
    expect(vehicle.data.id).toBe(fixtures.onlineListeningVehicleId);
    expect(vehicle.raw).toMatchObject({ id: fixtures.onlineListeningVehicleId });
  });

  it('reads vehicle data, history and maintenance', async () => {
    const { api, fixtures } = setup();
    const id = fixtures.onlineListeningVehicleId;
    expect((await api.getVehicleOptions(fixtures.optionsBrandVehicleId)).data.options).toBeDefined();
    expect((await rejection(api.getVehicleOptions(fixtures.unsupportedOptionsVehicleId))).code).toBe('UNSUPPORTED_OEM');
    expect((await api.getTelemetry(id)).data).toBeTruthy();
    expect((await api.getVehicleSpecifications(id)).status).toBe(200);
    const plate = await api.setRegistrationPlate(id, 'MP 1234');
    expect(plate.data.registrationPlate).toBe('MP 1234');

    const journeys = await api.listJourneys(id, { maxPageSize: 3 });
    expect(journeys.data.results).toHaveLength(3);
    expect(journeys.data.estimatedTotalResults).toBeGreaterThan(3);
    let pages = 0;
    for await (const page of paginate((p) => api.listJourneys(fixtures.noJourneysVehicleId, p), {})) {
      pages++;
      expect(page.data.results).toEqual([]);
    }
    expect(pages).toBe(1);

    const sessions = await api.listChargingSessions(id, { maxPageSize: 2 });
    const first = sessions.data.results[0];
    expect((await api.getChargingSession(id, first.id)).data.id).toBe(first.id);
    expect(Array.isArray((await api.getMaintenanceServices(id)).data.services)).toBe(true);
    expect(Array.isArray((await api.getDepartureTimes(id)).data.departureTimes)).toBe(true);
    const tires = await api.getTireHistory(id, { from: new Date(START - 2 * 3_600_000), to: new Date(START) });
    expect(tires.data.tires.length).toBeGreaterThan(0);
    expect((await rejection(api.getTireHistory(id, { from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }))).code).toBe(
      'REQUEST_VALIDATION_ERROR',
    );
    expect(Array.isArray((await api.getManufacturerAlerts(id)).data.alerts)).toBe(true);
    const limits = await api.getRateLimits(id);
    expect(limits.data.map((l) => l.key)).toContain('OEM_ENERGY_API_COMMANDS');
  });

  it('sends commands, follows executions and sets listening', async () => {
    const { api, fixtures, clock } = setup();
    const id = fixtures.onlineListeningVehicleId;
    const created = await api.sendCommand(id, 'SET_CHARGE_LIMIT', { limit: 80 });
    expect(created.data).toMatchObject({ vehicleId: id, command: 'SET_CHARGE_LIMIT', status: 'PENDING' });
    const again = await rejection(api.sendCommand(id, 'SET_CHARGE_LIMIT', { limit: 90 }));
    expect(again).toMatchObject({ code: 'COMMAND_ALREADY_IN_PROGRESS', status: 409, retryable: false });
    expect(again.requestId).toMatch(/^req_/);
    clock.now += 5_000;
    expect((await api.getCommandExecution(id, created.data.id!)).data.status).toBe('EXECUTED');
    expect((await api.listCommandExecutions(id)).data.results.map((e) => e.id)).toContain(created.data.id);

    const offline = await api.sendCommand(fixtures.offlineVehicleId, 'WAKE_UP');
    clock.now += 5_000;
    expect((await api.getCommandExecution(fixtures.offlineVehicleId, offline.data.id!)).data).toMatchObject({
      status: 'FAILED',
      failedReason: 'OEM_VEHICLE_OFFLINE',
    });

    const vehicleId = fixtures.notListeningVehicleId;
    const changed = await api.setListening(vehicleId, true);
    expect(changed.data.isListening).toBe(true);
    const unchanged = await api.setListening(vehicleId, true);
    expect(changed.status).toBe(202);
    expect(unchanged.status).toBe(200);
    expect(unchanged.data.lastUpdated).toBe(changed.data.lastUpdated);
  });

  it('connects, checks eligibility, reads bulk connections, disconnects and deletes', async () => {
    const { api, fixtures, clock } = setup();
    const link = await api.connectAccount({
      returnUrl: 'https://motorpool.test/connect/return',
      scopes: ['vehicle:all'],
      deviceTypes: ['VEHICLE'],
    });
    expect(link.data.authenticationUrl).toMatch(/^https?:\/\//);

    const check = await api.createEligibilityCheck([
      { vin: 'WVWZZZ1JZXW000001', countryCode: 'DE' },
      { vin: '5YJ3E1EA7KF000002', countryCode: 'US' },
    ]);
    expect(check.data.status).toBe('CREATED');
    clock.now += 60 * 60_000;
    const results = await api.getEligibilityResults(check.data.id, { maxPageSize: 1, currentPage: 1 });
    expect(results.data.results).toHaveLength(1);
    expect(results.data.totalResults).toBe(2);

    expect((await api.getBulkConnection(fixtures.bulkConnectionId)).data.id).toBe(fixtures.bulkConnectionId);
    expect(
      Array.isArray((await api.getBulkConnectionResults(fixtures.bulkConnectionId, { maxPageSize: 5, currentPage: 0 })).data.results),
    ).toBe(true);

    await api.disconnectAccount(fixtures.accountIds.at(-1)!);
    const deleted = await api.deleteVehicle(fixtures.noSpecificationsVehicleId);
    expect([200, 202]).toContain(deleted.status);
    expect((await rejection(api.getVehicle(fixtures.noSpecificationsVehicleId))).code).toBe('RESOURCE_NOT_FOUND');
  });
});

describe('tokens against the sandbox', () => {
  it('renews an expiring token with the refresh grant on the shared clock', async () => {
    const { api, clock, tokenRequests, fixtures } = setup({ tokenTtlSeconds: 60 }, { tokenRefreshSkewMs: 10_000 });
    await api.getVehicle(fixtures.onlineListeningVehicleId);
    clock.now += 45_000;
    await api.getVehicle(fixtures.onlineListeningVehicleId);
    expect(tokenRequests()).toBe(1);
    clock.now += 10_000; // 5 s before expiry: inside the skew
    await api.getVehicle(fixtures.onlineListeningVehicleId);
    expect(tokenRequests()).toBe(2);
    clock.now += 120_000; // long expired: the upstream would answer 401 to the old token
    await api.getVehicle(fixtures.onlineListeningVehicleId);
    expect(tokenRequests()).toBe(3);
  });

  it('after revocation: 401, renew once, repeat once', async () => {
    const { api, sandbox, org, fixtures, count, tokenRequests, logs } = setup();
    const path = `/v1/vehicles/${fixtures.onlineListeningVehicleId}`;
    await api.getVehicle(fixtures.onlineListeningVehicleId);
    sandbox.revokeTokens(org.id);
    const response = await api.getVehicle(fixtures.onlineListeningVehicleId);
    expect(response.status).toBe(200);
    expect(count('GET', path)).toBe(3);
    // The refresh token came with the revoked one: the renewal goes straight to client_credentials.
    expect(tokenRequests()).toBe(2);
    expect(logs.filter((l) => l.path === '/v1/vehicles/{vehicleId}').map((l) => l.status)).toEqual([200, 401, 200]);
  });

  it('renews once for a burst of calls that all meet the revoked token', async () => {
    const { api, sandbox, org, fixtures, tokenRequests } = setup({}, { coalesceReads: false });
    await api.testToken();
    sandbox.revokeTokens(org.id);
    const ids = [fixtures.onlineListeningVehicleId, fixtures.offlineVehicleId, fixtures.notListeningVehicleId];
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => api.getVehicle(ids[i % ids.length])));
    expect(results.every((r) => r.status === 200)).toBe(true);
    // 1 before revocation, then one client_credentials for all 60 calls.
    expect(tokenRequests()).toBe(2);
  });

  it('reports wrong credentials as AUTHENTICATION_ERROR', async () => {
    const { api } = setup({}, { clientSecret: 'wrong' });
    const error = await rejection(api.listAccounts());
    expect(error).toMatchObject({ code: 'AUTHENTICATION_ERROR', status: 401, endpoint: 'POST /v1/oauth2/token' });
  });

  it('makes exactly one token request for 200 concurrent calls on a cold cache', async () => {
    const { api, fixtures, tokenRequests } = setup();
    const ids = [fixtures.onlineListeningVehicleId, fixtures.offlineVehicleId, fixtures.notListeningVehicleId, fixtures.taggedVehicle.id];
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => api.getVehicle(ids[i % ids.length])));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(tokenRequests()).toBe(1);
  });
});

describe('faults of the sandbox', () => {
  it('retries reads through injected 5xx answers', async () => {
    const { api, sandbox, fixtures, count } = setup();
    const path = `/v1/vehicles/${fixtures.onlineListeningVehicleId}/telemetry`;
    sandbox.faults.inject({ kind: 'server_error', times: 2, pathPrefix: path });
    const response = await api.getTelemetry(fixtures.onlineListeningVehicleId);
    expect(response.status).toBe(200);
    expect(count('GET', path)).toBe(3);
  });

  it('honours Retry-After of an injected 429', async () => {
    const { api, sandbox, sleeps, count } = setup();
    sandbox.faults.inject({ kind: 'rate_limit', times: 1, retryAfterSeconds: 1, pathPrefix: '/v1/accounts' });
    await api.listAccounts();
    expect(sleeps).toEqual([1_000]);
    expect(count('GET', '/v1/accounts')).toBe(2);
  });

  it('really waits out Retry-After with the default sleep', async () => {
    const { api, sandbox } = setup({}, { sleep: undefined, retry: { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 2_000 } });
    sandbox.faults.inject({ kind: 'rate_limit', times: 1, retryAfterSeconds: 1, pathPrefix: '/v1/accounts' });
    const started = performance.now();
    await api.listAccounts();
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('never repeats a command after an injected 5xx, so the vehicle acts at most once', async () => {
    const { api, sandbox, fixtures, count } = setup();
    const id = fixtures.onlineListeningVehicleId;
    sandbox.faults.inject({ kind: 'server_error', times: 1, method: 'POST', pathPrefix: `/v1/vehicles/${id}/command-execution` });
    const error = await rejection(api.sendCommand(id, 'UNLOCK_DOORS'));
    expect(error).toMatchObject({ code: 'SERVER_ERROR', status: 500, retryable: true });
    expect(count('POST', `/v1/vehicles/${id}/command-execution:unlock-doors`)).toBe(1);
    expect((await api.listCommandExecutions(id)).data.results).toHaveLength(0);
  });

  it('turns malformed JSON into UPSTREAM_CONTRACT_MISMATCH with the request id', async () => {
    const { api, sandbox } = setup();
    sandbox.faults.inject({ kind: 'malformed_json', times: 1, pathPrefix: '/v1/vehicles' });
    const error = await rejection(api.listVehicles());
    expect(error.code).toBe('UPSTREAM_CONTRACT_MISMATCH');
    expect(error.requestId).toMatch(/^req_/);
    expect(error.message).toContain(error.requestId!);
  });

  it('times out a slow answer', async () => {
    const { api, sandbox, fixtures } = setup({}, { timeoutMs: 200, retry: { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
    sandbox.faults.inject({ kind: 'latency', latencyMs: 1_500, times: 1, pathPrefix: '/v1/vehicles' });
    await api.testToken(); // warm the token outside the slowed path
    const error = await rejection(api.getVehicle(fixtures.onlineListeningVehicleId));
    expect(error).toMatchObject({ code: 'TIMEOUT', status: 0 });
  });
});

describe('coalescing against the sandbox', () => {
  it('100 identical concurrent GETs make one upstream call', async () => {
    const { api, fixtures, count } = setup();
    await api.testToken();
    const id = fixtures.onlineListeningVehicleId;
    const results = await Promise.all(Array.from({ length: 100 }, () => api.getTelemetry(id)));
    expect(count('GET', `/v1/vehicles/${id}/telemetry`)).toBe(1);
    expect(new Set(results.map((r) => r.raw)).size).toBe(100);
  });
});
