import { beforeEach, describe, expect, it } from 'vitest';
import { CHARGING_STATES, SPECIFICATION_COUNTRIES } from '@/lib/contract/vehicle-api';
import type { SandboxFixtures } from './index';
import { type Harness, START, createHarness } from './sandbox.test-support';

const DAY = 86_400_000;

describe('vehicles and their data', () => {
  let h: Harness;
  let token: string;
  let f: SandboxFixtures;
  let orgId: string;

  beforeEach(async () => {
    h = createHarness();
    token = await h.token();
    orgId = h.sandbox.organizations[0].id;
    f = h.sandbox.fixtures(orgId);
  });

  const get = (path: string) => h.json('GET', path, { token });

  it('returns the vehicle record of contract-gaps with a valid VIN', async () => {
    const res = await get(`/v1/vehicles/${f.onlineListeningVehicleId}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'actionCategory',
        'connectionErrorCode',
        'connectionErrorMessage',
        'connectionStatus',
        'id',
        'isListening',
        'isRegNoValidated',
        'listeningLastUpdated',
        'make',
        'metadata',
        'model',
        'modelYear',
        'regNoValidatedAt',
        'registrationCountry',
        'registrationPlate',
        'trim',
        'vin',
      ].sort(),
    );
    expect(res.body.vin).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(Object.keys(res.body.metadata).sort()).toEqual(['accountId', 'consentId', 'lastSeenAt', 'registrationDate']);
    expect(res.body).toMatchObject({ connectionStatus: 'CONNECTED', isListening: true });
    expect((await get('/v1/vehicles/veh_unknown')).body.error).toBe('RESOURCE_NOT_FOUND');
  });

  it('seeds a realistic fleet: several makes and countries, listening off, offline, tags', async () => {
    const all = [];
    let pageToken: string | null = null;
    do {
      const page: { body: { results: Array<Record<string, unknown>>; nextPageToken: string | null } } = await get(
        `/v1/vehicles?maxPageSize=100${pageToken ? `&pageToken=${pageToken}` : ''}`,
      );
      all.push(...page.body.results);
      pageToken = page.body.nextPageToken;
    } while (pageToken);
    expect(new Set(all.map((v) => v.make)).size).toBeGreaterThanOrEqual(5);
    const countries = new Set(all.map((v) => v.registrationCountry as string));
    expect([...countries].some((c) => (SPECIFICATION_COUNTRIES as readonly string[]).includes(c))).toBe(true);
    expect([...countries].some((c) => !(SPECIFICATION_COUNTRIES as readonly string[]).includes(c))).toBe(true);
    expect(all.some((v) => v.isListening === false)).toBe(true);
    expect(all.some((v) => v.connectionStatus === 'PENDING_CONNECTION')).toBe(true);
    expect((await get('/v1/accounts')).body.totalResults).toBe(12);
  });

  it('deletes a vehicle: 202, then 404 and gone from the list, irreversibly', async () => {
    const del = await h.call('DELETE', `/v1/vehicles/${f.onlineListeningVehicleId}`, { token });
    expect(del.status).toBe(202);
    expect(del.headers.get('x-request-id')).toMatch(/^req_/);
    expect((await get(`/v1/vehicles/${f.onlineListeningVehicleId}`)).status).toBe(404);
    const list = await get(
      `/v1/vehicles?maxPageSize=100&filter=${encodeURIComponent(JSON.stringify({ field: 'id', operator: '==', value: f.onlineListeningVehicleId }))}`,
    );
    expect(list.body.totalResults).toBe(0);
    expect((await h.call('DELETE', `/v1/vehicles/${f.onlineListeningVehicleId}`, { token })).status).toBe(404);
  });

  it('serves options for one brand only', async () => {
    const options = await get(`/v1/vehicles/${f.optionsBrandVehicleId}/options`);
    expect(options.status).toBe(200);
    expect(options.body.vehicleId).toBe(f.optionsBrandVehicleId);
    expect(typeof options.body.vehicleConfig).toBe('object');
    for (const o of options.body.options) expect(Object.keys(o).sort()).toEqual(['code', 'description']);
    const unsupported = await get(`/v1/vehicles/${f.unsupportedOptionsVehicleId}/options`);
    expect(unsupported.status).toBe(422);
    expect(unsupported.body.error).toBe('UNSUPPORTED_OEM');
  });

  it('updates the registration plate (1 to 50 characters)', async () => {
    const ok = await h.json('POST', `/v1/vehicles/${f.onlineListeningVehicleId}/registration-plate`, {
      token,
      body: { registrationPlate: 'MP-2026-X' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: f.onlineListeningVehicleId, registrationPlate: 'MP-2026-X', isRegNoValidated: false });
    expect((await get(`/v1/vehicles/${f.onlineListeningVehicleId}`)).body.registrationPlate).toBe('MP-2026-X');
    for (const body of [{ registrationPlate: '' }, { registrationPlate: 'x'.repeat(51) }, {}]) {
      expect((await h.json('POST', `/v1/vehicles/${f.onlineListeningVehicleId}/registration-plate`, { token, body })).body.error).toBe(
        'REQUEST_VALIDATION_ERROR',
      );
    }
    expect(
      (
        await h.json('POST', `/v1/vehicles/${f.onlineListeningVehicleId}/registration-plate`, {
          token,
          body: { registrationPlate: 'x'.repeat(50) },
        })
      ).status,
    ).toBe(200);
  });

  it('serves specifications inside the country list and all-null fields outside it', async () => {
    const inside = await get(`/v1/vehicles/${f.onlineListeningVehicleId}/specifications`);
    expect(inside.status).toBe(200);
    expect(inside.body.batteryCapacity).toBeGreaterThan(0);
    expect(inside.body.make).toBeTruthy();
    const vehicle = await get(`/v1/vehicles/${f.noSpecificationsVehicleId}`);
    expect(SPECIFICATION_COUNTRIES).not.toContain(vehicle.body.registrationCountry);
    const outside = await get(`/v1/vehicles/${f.noSpecificationsVehicleId}/specifications`);
    expect(outside.status).toBe(200);
    expect(Object.keys(outside.body).sort()).toEqual([
      'allElectricRange',
      'allElectricRangeMin',
      'batteryCapacity',
      'batteryCapacityNet',
      'make',
      'model',
      'modelYear',
      'standardEvr',
    ]);
    expect(Object.values(outside.body).every((v) => v === null)).toBe(true);
  });

  it('serves telemetry in the shape of contract-gaps', async () => {
    const t = (await get(`/v1/vehicles/${f.onlineListeningVehicleId}/telemetry`)).body;
    for (const key of [
      'odometer',
      'elevation',
      'speed',
      'heading',
      'stateOfCharge',
      'range',
      'realRange',
      'energyRemaining',
      'maxStateOfCharge',
      'minStateOfCharge',
      'chargeRemainingTime',
      'chargePowerLevel',
      'chargeCurrentLimit',
    ]) {
      expect(Object.keys(t[key]).sort(), key).toEqual(['timestamp', 'unit', 'value']);
    }
    expect(t.odometer.unit).toBe('km');
    expect(t.location).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number), timestamp: expect.any(String) });
    expect(CHARGING_STATES).toContain(t.chargingState.chargingState);
    expect(t.tirePressure.unit).toBe('kPa');
    expect(typeof t.security.locked).toBe('boolean');
    expect(t.metadata.accountId).toBeTruthy();
    expect(t.id).toBe(f.onlineListeningVehicleId);
  });

  describe('listening', () => {
    const post = (id: string, isListening: unknown) => h.json('POST', `/v1/vehicles/${id}/listening`, { token, body: { isListening } });

    it('changes the state with 202 and records one audit entry', async () => {
      h.clock.advance(5000);
      const res = await post(f.onlineListeningVehicleId, false);
      expect(res.status).toBe(202);
      expect(res.body).toEqual({
        vehicleId: f.onlineListeningVehicleId,
        isListening: false,
        lastUpdated: new Date(START + 5000).toISOString(),
      });
      expect(h.sandbox.auditLog(orgId)).toEqual([
        { at: START + 5000, organizationId: orgId, action: 'listening.changed', vehicleId: f.onlineListeningVehicleId, isListening: false },
      ]);
      expect((await get(`/v1/vehicles/${f.onlineListeningVehicleId}`)).body.isListening).toBe(false);
    });

    it('is a no-op with 200, the current state and no audit entry when already so', async () => {
      const before = (await get(`/v1/vehicles/${f.notListeningVehicleId}`)).body;
      h.clock.advance(5000);
      const res = await post(f.notListeningVehicleId, false);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ vehicleId: f.notListeningVehicleId, isListening: false, lastUpdated: before.listeningLastUpdated });
      expect(h.sandbox.auditLog(orgId)).toEqual([]);
      expect((await post(f.notListeningVehicleId, true)).status).toBe(202);
      expect(h.sandbox.auditLog(orgId)).toHaveLength(1);
    });

    it('validates the body and the vehicle', async () => {
      expect((await post(f.onlineListeningVehicleId, 'yes')).body.error).toBe('REQUEST_VALIDATION_ERROR');
      expect((await post('veh_unknown', true)).status).toBe(404);
      const other = h.sandbox.fixtures(h.sandbox.organizations[1].id).onlineListeningVehicleId;
      expect((await post(other, false)).status).toBe(404);
      expect(h.sandbox.auditLog()).toEqual([]);
    });

    it('turns command outcomes to NOT_PERMITTED once listening is off', async () => {
      await post(f.onlineListeningVehicleId, false);
      const exec = await h.json('POST', `/v1/vehicles/${f.onlineListeningVehicleId}/command-execution:lock-doors`, { token });
      h.clock.advance(2000);
      expect((await get(`/v1/vehicles/${f.onlineListeningVehicleId}/command-executions/${exec.body.id}`)).body.failedReason).toBe(
        'NOT_PERMITTED',
      );
    });
  });

  describe('history and maintenance', () => {
    it('lists charging sessions newest first and gets one by id', async () => {
      const list = await get(`/v1/vehicles/${f.onlineListeningVehicleId}/charging-history?maxPageSize=10`);
      expect(list.status).toBe(200);
      expect(Object.keys(list.body).sort()).toEqual(['nextPageToken', 'results', 'totalResults']);
      expect(list.body.totalResults).toBeGreaterThan(20);
      const starts = list.body.results.map((s: { startedAt: string }) => Date.parse(s.startedAt));
      expect([...starts].sort((a, b) => b - a)).toEqual(starts);
      const session = list.body.results[3];
      expect(Object.keys(session).sort()).toEqual(
        [
          'chargeDuration',
          'endStateOfCharge',
          'endedAt',
          'externalTemperature',
          'id',
          'kwMedian',
          'kwhFromGrid',
          'kwhInHvb',
          'latitude',
          'longitude',
          'startStateOfCharge',
          'startedAt',
          'vehicleId',
        ].sort(),
      );
      expect((await get(`/v1/vehicles/${f.onlineListeningVehicleId}/charging-history/${session.id}`)).body).toEqual(session);
      expect((await get(`/v1/vehicles/${f.onlineListeningVehicleId}/charging-history/chs_missing`)).status).toBe(404);
      expect((await get(`/v1/vehicles/${f.optionsBrandVehicleId}/charging-history/${session.id}`)).status).toBe(404);
    });

    it('serves maintenance services, departure times and current alerts', async () => {
      const services = await get(`/v1/vehicles/${f.onlineListeningVehicleId}/maintenance/services`);
      expect(services.body.services.length).toBeGreaterThan(0);
      expect(services.body.services[0]).toMatchObject({
        component: 'VEHICLE',
        type: 'FULL_SERVICE',
        status: 'PENDING',
        kmToNextService: expect.stringMatching(/^\d+$/),
      });
      const departures = await get(`/v1/vehicles/${f.onlineListeningVehicleId}/departure-times`);
      expect(Array.isArray(departures.body.departureTimes)).toBe(true);
      for (const d of departures.body.departureTimes)
        expect(Object.keys(d).sort()).toEqual(['daysOfWeek', 'hour', 'localTimeOffset', 'minute']);
      expect((await get('/v1/vehicles/veh_unknown/departure-times')).body.error).toBe('REQUEST_VALIDATION_ERROR');

      // Across the fleet, some vehicles have active alerts in the contract-gaps shape.
      const vehicles = (await get('/v1/vehicles?maxPageSize=40')).body.results;
      const alerts = (
        await Promise.all(vehicles.map((v: { id: string }) => get(`/v1/vehicles/${v.id}/maintenance/manufacturer-alerts/current`)))
      ).flatMap((r) => r.body.alerts);
      expect(alerts.length).toBeGreaterThan(0);
      for (const a of alerts) {
        expect(a).toMatchObject({
          status: 'ACTIVE',
          type: expect.any(String),
          severity: expect.stringMatching(/^(LOW|MEDIUM|HIGH|CRITICAL)$/),
          oemCode: expect.any(String),
          recommendedAction: expect.any(String),
        });
      }
      expect((await get('/v1/vehicles/veh_unknown/maintenance/services')).status).toBe(404);
    });

    it('serves hourly tire pressures for the last three months by default', async () => {
      const res = await get(`/v1/vehicles/${f.onlineListeningVehicleId}/maintenance/tires/historic`);
      expect(res.status).toBe(200);
      const rows = res.body.tires;
      expect(rows.length).toBeGreaterThan(85 * 24);
      expect(rows.length).toBeLessThanOrEqual(92 * 24);
      const first = Date.parse(rows[0].bucket);
      const last = Date.parse(rows.at(-1).bucket);
      expect(first).toBeGreaterThanOrEqual(START - 92 * DAY);
      expect(last).toBeLessThanOrEqual(START);
      expect(last).toBeGreaterThan(START - 4 * 3_600_000);
      for (const row of rows.slice(0, 50)) {
        expect(Date.parse(row.bucket) % 3_600_000).toBe(0);
        for (const key of ['frontLeft', 'frontRight', 'rearLeft', 'rearRight']) expect(row[key]).toMatch(/^\d+\.\d$/);
      }
    });

    it('honours from_datetime and to_datetime, at most three months', async () => {
      const base = `/v1/vehicles/${f.onlineListeningVehicleId}/maintenance/tires/historic`;
      const day = await get(`${base}?from_datetime=2026-05-01T00:00:00Z&to_datetime=2026-05-02T00:00:00Z`);
      expect(day.status).toBe(200);
      expect(day.body.tires.length).toBeGreaterThan(20);
      expect(day.body.tires.length).toBeLessThanOrEqual(24);
      expect(day.body.tires[0].bucket >= '2026-05-01T00:00:00.000Z').toBe(true);
      expect(day.body.tires.at(-1).bucket < '2026-05-02T00:00:00.000Z').toBe(true);
      const again = await get(`${base}?from_datetime=2026-05-01T00:00:00Z&to_datetime=2026-05-02T00:00:00Z`);
      expect(again.body).toEqual(day.body);
      for (const query of [
        'from_datetime=2026-01-01T00:00:00Z&to_datetime=2026-05-01T00:00:00Z',
        'from_datetime=2026-05-02T00:00:00Z&to_datetime=2026-05-01T00:00:00Z',
        'from_datetime=yesterday',
      ]) {
        const res = await get(`${base}?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.body.error).toBe('REQUEST_VALIDATION_ERROR');
      }
    });
  });
});
