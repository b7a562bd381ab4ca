import { describe, expect, it } from 'vitest';
import { checkValue, documentedResponse, findVendorOperation, VENDOR_FIXTURE } from '@/lib/contract/vendor-conformance';
import { basicAuth, createHarness } from './sandbox.test-support';

/**
 * The vendor profile's answers against the vendor's documented responses
 * (lib/contract/vendor-conformance.json): for each published operation, a status the vendor
 * documents and a body of the documented shape (required keys and types; enumerations included).
 * Keys the contract adds are not refused: the vendor's clients ignore them as well.
 */
describe('the vendor profile answers in the documented shapes', () => {
  it('for every published operation', async () => {
    const h = createHarness({ profile: 'vendor', vehiclesPerOrg: 40 });
    const token = await h.token();
    const org = h.sandbox.organizations[0];
    const f = h.sandbox.fixtures(org.id);
    const v = f.onlineListeningVehicleId;
    const vehicle = `/v1/vehicles/${v}`;
    const since = new Date(h.clock.now - 30 * 86_400_000).toISOString();

    const session = (await h.json('GET', `${vehicle}/charging-history?maxPageSize=1`, { token })).body.results[0].id;
    const lock = await h.json('POST', `${vehicle}/command-execution:lock-doors`, { token });
    const check = await h.json('POST', '/v1/vehicles/eligibility', {
      token,
      body: { vins: [{ vin: 'WVWZZZ1JZXW000001', countryCode: 'DE' }] },
    });
    h.clock.advance(10_000);

    const requests: [string, string, unknown?][] = [
      ['POST', '/v1/oauth2/test-token'],
      ['GET', '/v1/accounts?maxPageSize=5'],
      ['GET', `/v1/accounts/${f.accountIds[0]}`],
      ['POST', '/v1/accounts:connect', { returnUrl: 'https://motorpool.test/r', scopes: ['vehicle:all'], deviceTypes: ['VEHICLE'] }],
      ['POST', `/v1/tags`, { key: 'depot', value: 'North', objectType: 'DEVICE', objectId: v }],
      ['GET', `/v1/tags/DEVICE/${v}`],
      ['DELETE', `/v1/tags?key=depot&value=North&entityType=DEVICE&entityId=${v}`],
      ['GET', '/v1/vehicles?maxPageSize=5'],
      ['GET', vehicle],
      ['GET', `/v1/vehicles/${f.optionsBrandVehicleId}/options`],
      ['POST', `${vehicle}/registration-plate`, { registrationPlate: 'AB-123-CD' }],
      ['GET', `${vehicle}/specifications`],
      ['GET', `${vehicle}/telemetry`],
      ['GET', `${vehicle}/command-executions?maxPageSize=5`],
      ['GET', `${vehicle}/command-executions/${lock.body.id}`],
      ...['actuate-front-trunk', 'actuate-rear-trunk', 'climate-off', 'climate-on', 'close-charge-port', 'open-charge-port']
        .concat(['start-charging', 'start-hvac-system', 'stop-charging', 'unlock-doors', 'lock-doors'])
        .map((segment): [string, string] => ['POST', `/v1/vehicles/${f.offlineVehicleId}/command-execution:${segment}`]),
      ['POST', `${vehicle}/command-execution:set-charge-limit`, { limit: 80 }],
      ['POST', `${vehicle}/command-execution:set-temperature`, { driverTemperature: 21, passengerTemperature: 20.5 }],
      ['POST', `${vehicle}/listening`, { isListening: true }],
      ['GET', `${vehicle}/listening-audit?startAt=${since}`],
      ['GET', `${vehicle}/charging-history?maxPageSize=5`],
      ['GET', `${vehicle}/charging-history/${session}`],
      ['GET', `${vehicle}/range`],
      ['GET', `${vehicle}/maintenance/services`],
      ['GET', `${vehicle}/maintenance/tires/historic?from_datetime=${since}`],
      ['GET', `${vehicle}/state-of-health`],
      ['GET', `${vehicle}/alerts`],
      ['GET', `${vehicle}/maintenance/manufacturer-alerts/current`],
      ['POST', '/v1/vehicles/connect', { vehicles: [{ vin: 'WVWZZZ1JZXW000002', make: 'VOLKSWAGEN', countryCode: 'DE' }] }],
      ['GET', `/v1/vehicles/connect/${f.bulkConnectionId}`],
      ['GET', `/v1/vehicles/connect/${f.bulkConnectionId}/results?maxPageSize=100`],
      ['GET', `/v1/vehicles/eligibility/${check.body.id}/results`],
      ['GET', `${vehicle}/journeys?maxPageSize=5`],
      ['GET', `/v1/rate-limits?objectId=${v}&domain=VEHICLE`],
      ['GET', `${vehicle}/departure-times`],
      ['GET', `${vehicle}/charging-windows`],
      ['POST', '/v1/vehicles/eligibility', { vins: [{ vin: 'WVWZZZ1JZXW000003', countryCode: 'DE', make: 'VOLKSWAGEN' }] }],
      ['DELETE', `/v1/vehicles/${f.noJourneysVehicleId}`],
      ['POST', `/v1/accounts/${f.accountIds[1]}:disconnect`],
    ];

    const reached = new Set<string>();
    const mismatches: unknown[] = [];
    const tokenResponse = await h.call('POST', '/v1/oauth2/token', {
      body: 'grant_type=client_credentials',
      headers: { authorization: basicAuth(org.clientId, org.clientSecret), 'content-type': 'application/x-www-form-urlencoded' },
    });
    const answers: { method: string; path: string; status: number; body: unknown }[] = [
      { method: 'POST', path: '/v1/oauth2/token', status: tokenResponse.status, body: await tokenResponse.json() },
    ];
    for (const [method, path, body] of requests) {
      const res = await h.json(method, path, { token, body });
      answers.push({ method, path, status: res.status, body: res.body });
    }
    for (const answer of answers) {
      const found = findVendorOperation(answer.method, new URL(answer.path, 'http://x').pathname);
      expect(found, `${answer.method} ${answer.path}`).not.toBeNull();
      const { operation } = found!;
      reached.add(`${operation.method} ${operation.path}`);
      const documented = documentedResponse(operation, answer.status);
      if (!documented) {
        mismatches.push({
          request: `${answer.method} ${answer.path}`,
          status: answer.status,
          documented: operation.responses.map((r) => r.status),
        });
        continue;
      }
      // An empty answer (202 of a delete) has nothing to check; the vendor documents it as text.
      if (!documented.schema || answer.body === undefined) continue;
      const issues = checkValue(documented.schema, answer.body);
      if (issues.length) mismatches.push({ request: `${answer.method} ${answer.path}`, issues });
    }
    expect(mismatches).toEqual([]);
    expect(VENDOR_FIXTURE.operations.map((op) => `${op.method} ${op.path}`).filter((op) => !reached.has(op))).toEqual([]);
  });
});
