import { describe, expect, it } from 'vitest';
import { checkVendorRequest, findVendorOperation, VENDOR_FIXTURE, type VendorIssue } from '@/lib/contract/vendor-conformance';
import { COMMAND_NAMES, COMMANDS, type CommandName } from '@/lib/contract/vehicle-api';
import { createVehicleApi, type VehicleApi } from './api';
import type { CommandArgs } from './command-args';

/**
 * Every request the client can build, checked against the vendor's published operations
 * (lib/contract/vendor-conformance.json): method, path, query and body, unknown keys included.
 * Each client method has its cases here (the `Record` makes a new method without one a type
 * error, and the first test fails at run time too); each request must match a published operation.
 */

interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  contentType: string | null;
}

function recordingApi() {
  const recorded: Recorded[] = [];
  const api = createVehicleApi({
    baseUrl: 'http://vendor.test',
    clientId: 'client',
    clientSecret: 'secret',
    retry: { maxAttempts: 1 },
    coalesceReads: false,
    logger: () => undefined,
    fetch: async (input, init) => {
      const url = new URL(input);
      const contentType = new Headers(init.headers).get('content-type');
      const text = typeof init.body === 'string' ? init.body : undefined;
      const body =
        text === undefined ? undefined : contentType?.includes('json') ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text));
      recorded.push({ method: init.method ?? 'GET', path: url.pathname, query: url.searchParams, body, contentType });
      if (url.pathname === '/v1/oauth2/token')
        return Response.json({ access_token: 'token', token_type: 'Bearer', expires_in: 3600, refresh_token: 'refresh' });
      // The answer does not matter here (a body the client's schema refuses is a caught mismatch): only the request is checked.
      return Response.json({}, { status: 200 });
    },
  });
  return { api, recorded };
}

type Case = (api: VehicleApi) => Promise<unknown>;

const V = 'veh_1';
const FILTER = {
  and: [
    { field: 'make', operator: '==', value: 'TESLA' },
    { field: 'metadata.accountId', operator: '==', value: 'acc_1' },
  ],
};
const ARGS: { [C in CommandName]?: CommandArgs<C> } = {
  SET_TEMPERATURE: { driverTemperature: 21.5, passengerTemperature: 20 },
  SET_CHARGE_LIMIT: { limit: 80 },
  SET_VEHICLE_NAME: { name: 'Van 12' },
  SCHEDULE_SOFTWARE_UPDATE: { offsetSeconds: 3600 },
};

/** The eight commands of the contract the vendor publishes no creation path for (contract-gaps.md): a 404 there means "not offered". */
const UNPUBLISHED_COMMANDS: CommandName[] = [
  'WAKE_UP',
  'HONK_HORN',
  'FLASH_LIGHTS',
  'SET_VEHICLE_NAME',
  'SCHEDULE_SOFTWARE_UPDATE',
  'CANCEL_SOFTWARE_UPDATE',
  'WINDOW_HEATING_ON',
  'WINDOW_HEATING_OFF',
];

const CASES: Record<keyof VehicleApi, Case[]> = {
  testToken: [(api) => api.testToken()],
  listAccounts: [(api) => api.listAccounts(), (api) => api.listAccounts({ maxPageSize: 50, pageToken: 'next', filter: FILTER })],
  getAccount: [(api) => api.getAccount('acc_1')],
  connectAccount: [
    (api) =>
      api.connectAccount({ returnUrl: 'https://motorpool.test/connect/return/1', scopes: ['vehicle:all'], deviceTypes: ['VEHICLE'] }),
    (api) =>
      api.connectAccount({
        returnUrl: 'https://motorpool.test/connect/return/2',
        scopes: ['vehicle:information', 'vehicle:telemetry'],
        deviceTypes: ['VEHICLE'],
        region: 'NORTH_AMERICA',
        locale: 'de-DE',
        countryCode: 'DE',
        makes: ['VOLKSWAGEN', 'MERCEDES BENZ'],
        vin: 'WVWZZZ1JZXW000001',
        model: 'ID.3',
        modelYear: 2022,
      }),
  ],
  disconnectAccount: [(api) => api.disconnectAccount('acc_1')],
  createTag: [(api) => api.createTag({ key: 'depot', value: 'North', objectId: V })],
  deleteTag: [(api) => api.deleteTag({ key: 'depot', value: 'North', objectId: V })],
  listTags: [(api) => api.listTags(V)],
  listVehicles: [
    (api) => api.listVehicles(),
    (api) => api.listVehicles({ maxPageSize: 100, pageToken: 'next', filter: FILTER, tagKey: 'depot', tagValue: 'North' }),
  ],
  getVehicle: [(api) => api.getVehicle(V)],
  deleteVehicle: [(api) => api.deleteVehicle(V)],
  getVehicleOptions: [(api) => api.getVehicleOptions(V)],
  setRegistrationPlate: [(api) => api.setRegistrationPlate(V, 'AB-123-CD')],
  getVehicleSpecifications: [(api) => api.getVehicleSpecifications(V)],
  getTelemetry: [(api) => api.getTelemetry(V)],
  createEligibilityCheck: [
    (api) =>
      api.createEligibilityCheck([
        { vin: 'WVWZZZ1JZXW000001', countryCode: 'DE', make: 'VOLKSWAGEN' },
        { vin: '5YJ3E1EA7KF000002', countryCode: 'GB' },
      ]),
  ],
  getEligibilityResults: [
    (api) => api.getEligibilityResults('elg_1'),
    (api) => api.getEligibilityResults('elg_1', { maxPageSize: 100, currentPage: 2 }),
  ],
  connectVins: [
    (api) => api.connectVins([{ vin: 'WVWZZZ1JZXW000001', countryCode: 'DE', make: 'VOLKSWAGEN' }]),
    (api) =>
      api.connectVins([
        {
          vin: '5YJ3E1EA7KF000002',
          countryCode: 'GB',
          make: 'TESLA',
          model: 'Model 3',
          modelYear: 2019,
          registrationPlate: 'AB12 CDE',
          tags: [{ key: 'depot', value: 'North' }],
        },
      ]),
  ],
  getBulkConnection: [(api) => api.getBulkConnection('bcg_1')],
  getBulkConnectionResults: [
    (api) => api.getBulkConnectionResults('bcg_1'),
    (api) => api.getBulkConnectionResults('bcg_1', { maxPageSize: 10, currentPage: 0 }),
  ],
  sendCommand: COMMAND_NAMES.map(
    (command): Case =>
      (api) =>
        api.sendCommand(V, command, ARGS[command] as CommandArgs<typeof command>),
  ),
  getCommandExecution: [(api) => api.getCommandExecution(V, 'exe_1')],
  listCommandExecutions: [
    (api) => api.listCommandExecutions(V),
    (api) => api.listCommandExecutions(V, { maxPageSize: 20, pageToken: 'next', filter: FILTER }),
  ],
  setListening: [(api) => api.setListening(V, false), (api) => api.setListening(V, true)],
  listJourneys: [(api) => api.listJourneys(V), (api) => api.listJourneys(V, { maxPageSize: 20, pageToken: 'next', filter: FILTER })],
  listChargingSessions: [
    (api) => api.listChargingSessions(V),
    (api) => api.listChargingSessions(V, { maxPageSize: 20, pageToken: 'next', filter: FILTER }),
  ],
  getChargingSession: [(api) => api.getChargingSession(V, 'chg_1')],
  getMaintenanceServices: [(api) => api.getMaintenanceServices(V)],
  getDepartureTimes: [(api) => api.getDepartureTimes(V)],
  getTireHistory: [
    (api) => api.getTireHistory(V),
    (api) => api.getTireHistory(V, { from: new Date(Date.UTC(2026, 8, 1)), to: '2026-11-01T00:00:00.000Z' }),
  ],
  getManufacturerAlerts: [(api) => api.getManufacturerAlerts(V)],
  getStateOfHealth: [(api) => api.getStateOfHealth(V)],
  getRange: [(api) => api.getRange(V)],
  getChargingWindows: [(api) => api.getChargingWindows(V)],
  listListeningAudit: [
    (api) => api.listListeningAudit(V),
    (api) =>
      api.listListeningAudit(V, {
        startAt: '2026-11-01T00:00:00.000Z',
        endAt: '2026-11-28T00:00:00.000Z',
        maxPageSize: 50,
        pageToken: 'next',
      }),
  ],
  listPlatformAlerts: [(api) => api.listPlatformAlerts(V), (api) => api.listPlatformAlerts(V, { maxPageSize: 20, pageToken: 'next' })],
  getRateLimits: [(api) => api.getRateLimits(V)],
};

async function runAll() {
  const { api, recorded } = recordingApi();
  const reached = new Set<string>();
  const problems: { request: string; issues: VendorIssue[] | 'not published' }[] = [];
  const unpublished: string[] = [];
  for (const cases of Object.values(CASES)) {
    for (const run of cases) {
      const from = recorded.length;
      await run(api).catch(() => undefined);
      expect(recorded.length, 'each case sends at least one request').toBeGreaterThan(from);
    }
  }
  for (const request of recorded) {
    const label = `${request.method} ${request.path}${request.query.size ? `?${request.query}` : ''}`;
    const found = findVendorOperation(request.method, request.path);
    if (!found) {
      unpublished.push(`${request.method} ${request.path}`);
      continue;
    }
    reached.add(`${found.operation.method} ${found.operation.path}`);
    const issues = checkVendorRequest(request, 'forbid');
    if (issues?.length) problems.push({ request: label, issues });
  }
  return { recorded, reached, problems, unpublished };
}

describe('the client against the vendor’s published requests', () => {
  it('has cases for every client method', () => {
    const { api } = recordingApi();
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(api).sort());
    for (const [method, cases] of Object.entries(CASES)) expect(cases.length, method).toBeGreaterThan(0);
  });

  it('sends only requests the vendor publishes and accepts, unknown keys included', async () => {
    const { problems, unpublished } = await runAll();
    expect(problems).toEqual([]);
    // Only the eight commands without a published path; any other request without a fixture entry fails here.
    expect(unpublished.sort()).toEqual(UNPUBLISHED_COMMANDS.map((c) => `POST /v1/vehicles/${V}/command-execution:${COMMANDS[c]}`).sort());
  });

  it('reaches every operation the vendor publishes', async () => {
    const { reached } = await runAll();
    const published = VENDOR_FIXTURE.operations.map((op) => `${op.method} ${op.path}`);
    expect(published.filter((op) => !reached.has(op))).toEqual([]);
    expect(reached.size).toBe(published.length);
  });

  it('would have refused the old bulk connect body ({"vins": [...]})', () => {
    const issues = checkVendorRequest({
      method: 'POST',
      path: '/v1/vehicles/connect',
      query: new URLSearchParams(),
      body: { vins: [{ vin: 'WVWZZZ1JZXW000001', countryCode: 'DE', make: 'VOLKSWAGEN' }] },
      contentType: 'application/json',
    });
    expect(issues).toEqual([{ loc: ['body', 'vehicles'], msg: 'Field required', type: 'missing' }]);
  });

  it('refuses a make in a person’s spelling, as the vendor does', () => {
    const issues = checkVendorRequest({
      method: 'POST',
      path: '/v1/vehicles/eligibility',
      query: new URLSearchParams(),
      body: { vins: [{ vin: 'WVWZZZ1JZXW000001', countryCode: 'DE', make: 'Volkswagen' }] },
    });
    expect(issues).toHaveLength(1);
    expect(issues![0]).toMatchObject({ loc: ['body', 'vins', 0, 'make'], type: 'enum' });
  });

  it('notes the source commit of the fixture', () => {
    expect(VENDOR_FIXTURE.source.repository).toBe('https://github.com/api-evangelist/volteras');
    expect(VENDOR_FIXTURE.source.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(VENDOR_FIXTURE.operations).toHaveLength(50);
  });
});
