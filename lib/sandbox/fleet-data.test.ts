import { beforeEach, describe, expect, it } from 'vitest';
import type { SandboxFixtures } from './index';
import { type Harness, PROFILES, START, createHarness } from './sandbox.test-support';

const DECIMAL = /^\d+(\.\d+)?$/;

describe.each(PROFILES)('the vendor endpoints beyond the contract (%s profile)', (profile) => {
  let h: Harness;
  let token: string;
  let f: SandboxFixtures;

  beforeEach(async () => {
    h = createHarness({ profile });
    token = await h.token();
    f = h.sandbox.fixtures(h.sandbox.organizations[0].id);
  });

  const get = (path: string, as = token) => h.json('GET', path, { token: as });

  it('writes the state of health as decimal strings, real capacity below nominal', async () => {
    const { status, body } = await get(`/v1/vehicles/${f.onlineListeningVehicleId}/state-of-health`);
    expect(status).toBe(200);
    expect(body).toEqual({
      vehicleId: f.onlineListeningVehicleId,
      calculationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      stateOfHealth: expect.stringMatching(DECIMAL),
      batteryCapacity: { nominal: expect.stringMatching(DECIMAL), real: expect.stringMatching(DECIMAL) },
    });
    expect(Number(body.batteryCapacity.real)).toBeLessThan(Number(body.batteryCapacity.nominal));
    expect(Number(body.stateOfHealth)).toBeGreaterThan(80);
    expect(Number(body.stateOfHealth)).toBeLessThanOrEqual(100);
  });

  it('writes the range: real between colder and warmer, an integer nominal per cycle, decimal scores', async () => {
    const { status, body } = await get(`/v1/vehicles/${f.onlineListeningVehicleId}/range`);
    expect(status).toBe(200);
    expect(body.unit).toBe('km');
    const { real, realWarmerRange, realColderRange, nominal, score } = body.range;
    for (const figure of [real, realWarmerRange, realColderRange]) expect(figure).toMatch(DECIMAL);
    expect(Number(realColderRange)).toBeLessThan(Number(real));
    expect(Number(realWarmerRange)).toBeGreaterThan(Number(real));
    const cycles = Object.keys(nominal);
    expect(cycles.length).toBe(1);
    expect(['WLTP', 'EPA']).toContain(cycles[0]);
    expect(Number.isInteger(nominal[cycles[0]])).toBe(true);
    expect(score[cycles[0]]).toMatch(DECIMAL);
  });

  it('answers 404 for a vehicle without battery data, on both battery endpoints', async () => {
    for (const endpoint of ['state-of-health', 'range']) {
      const { status, body } = await get(`/v1/vehicles/${f.noBatteryDataVehicleId}/${endpoint}`);
      expect(status).toBe(404);
      expect(body.error).toBe('RESOURCE_NOT_FOUND');
    }
  });

  it('needs the telemetry consent for battery data and the charging-history consent for windows', async () => {
    const chargingOnly = await h.token(0, 'vehicle:charging_history');
    expect((await get(`/v1/vehicles/${f.onlineListeningVehicleId}/state-of-health`, chargingOnly)).status).toBe(401);
    expect((await get(`/v1/vehicles/${f.onlineListeningVehicleId}/range`, chargingOnly)).status).toBe(401);
    expect((await get(`/v1/vehicles/${f.onlineListeningVehicleId}/charging-windows`, chargingOnly)).status).toBe(200);
    const telemetryOnly = await h.token(0, 'vehicle:telemetry');
    expect((await get(`/v1/vehicles/${f.onlineListeningVehicleId}/charging-windows`, telemetryOnly)).status).toBe(401);
  });

  it('writes charging windows with start, end, days, offset and location', async () => {
    const ids = (await get('/v1/vehicles?maxPageSize=20')).body.results.map((v: { id: string }) => v.id);
    const windows = [];
    for (const id of ids) {
      const { status, body } = await get(`/v1/vehicles/${id}/charging-windows`);
      expect(status).toBe(200);
      windows.push(...body.chargingWindows);
    }
    expect(windows.length).toBeGreaterThan(0);
    for (const w of windows) {
      expect(Object.keys(w).sort()).toEqual(
        ['daysOfWeek', 'endHour', 'endMinute', 'localTimeOffset', 'startHour', 'startMinute', 'windowLocation'].sort(),
      );
      expect(w.startHour).toBeGreaterThanOrEqual(0);
      expect(w.endHour).toBeLessThan(24);
    }
  });

  it('records every listening change in the listening audit, newest first, paged and bounded by startAt/endAt', async () => {
    const id = f.onlineListeningVehicleId;
    expect((await get(`/v1/vehicles/${id}/listening-audit`)).body).toEqual({ results: [], nextPageToken: null, totalResults: 0 });
    for (const isListening of [false, false, true, false]) {
      h.clock.advance(60_000);
      await h.json('POST', `/v1/vehicles/${id}/listening`, { token, body: { isListening } });
    }
    const all = await get(`/v1/vehicles/${id}/listening-audit`);
    // The repeated pause changed nothing and is not recorded.
    expect(all.body.results).toEqual([
      { vehicleId: id, isListening: false, timestamp: new Date(START + 240_000).toISOString() },
      { vehicleId: id, isListening: true, timestamp: new Date(START + 180_000).toISOString() },
      { vehicleId: id, isListening: false, timestamp: new Date(START + 60_000).toISOString() },
    ]);
    const first = await get(`/v1/vehicles/${id}/listening-audit?maxPageSize=2`);
    expect(first.body.results).toHaveLength(2);
    const second = await get(`/v1/vehicles/${id}/listening-audit?maxPageSize=2&pageToken=${first.body.nextPageToken}`);
    expect(second.body.results).toEqual([all.body.results[2]]);
    expect(second.body.nextPageToken).toBeNull();
    const bounded = await get(
      `/v1/vehicles/${id}/listening-audit?startAt=${new Date(START + 100_000).toISOString()}&endAt=${new Date(START + 200_000).toISOString()}`,
    );
    expect(bounded.body.results).toEqual([all.body.results[1]]);
    expect((await get(`/v1/vehicles/${f.notListeningVehicleId}/listening-audit`)).body.results).toEqual([]);
    const notADate = await get(`/v1/vehicles/${id}/listening-audit?startAt=yesterday`);
    if (profile === 'vendor') {
      expect(notADate.status).toBe(422);
      expect(notADate.body.detail).toEqual([
        { loc: ['query', 'startAt'], msg: 'Input should be a valid datetime', type: 'datetime_from_date_parsing' },
      ]);
    } else expect(notADate.body.error).toBe('REQUEST_VALIDATION_ERROR');
  });
});
