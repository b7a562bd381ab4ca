import { describe, expect, it } from 'vitest';
import { createVehicleApi } from './api';
import { createFakeUpstream, json } from './fake-upstream.test-support';
import bulkResultsEmpty from './fixtures/vendor/bulk-connection-results-empty.json';
import bulkResults from './fixtures/vendor/bulk-connection-results.json';
import eligibilityResultsEmpty from './fixtures/vendor/eligibility-results-empty.json';
import eligibilityResults from './fixtures/vendor/eligibility-results.json';
import alertsEmpty from './fixtures/vendor/manufacturer-alerts-empty.json';
import services from './fixtures/vendor/maintenance-services.json';
import specifications from './fixtures/vendor/specifications.json';
import tireHistory from './fixtures/vendor/tire-history.json';
import tireHistoryEmpty from './fixtures/vendor/tire-history-empty.json';
import chargingWindowsEmpty from './fixtures/vendor/charging-windows-empty.json';
import listeningAudit from './fixtures/vendor/listening-audit.json';
import range from './fixtures/vendor/range.json';
import stateOfHealth from './fixtures/vendor/state-of-health.json';
import platformAlerts from './fixtures/vendor/platform-alerts.json';

/** The client reading the shapes of the vendor's published examples (fixtures/vendor/*.json). */
function serve(route: string, body: unknown) {
  const upstream = createFakeUpstream();
  upstream.on(route, () => json(body));
  const api = createVehicleApi({
    baseUrl: 'http://vendor.test',
    clientId: 'client',
    clientSecret: 'secret',
    fetch: upstream.fetch,
    logger: () => {},
  });
  return api;
}

describe('absent arrays in the published shapes', () => {
  it('reads an eligibility check without results ({"totalResults": 0}) as no results', async () => {
    const api = serve('GET /v1/vehicles/eligibility/elg_1/results', eligibilityResultsEmpty);
    expect((await api.getEligibilityResults('elg_1')).data).toMatchObject({ results: [], totalResults: 0 });
  });

  it('reads eligibility results with upper-case makes', async () => {
    const api = serve('GET /v1/vehicles/eligibility/elg_1/results', eligibilityResults);
    const { data } = await api.getEligibilityResults('elg_1');
    expect(data.totalResults).toBe(2);
    expect(data.results.map((r) => r.make)).toEqual(['VOLKSWAGEN', 'MERCEDES BENZ']);
  });

  it('reads bulk-connection results given as {} as none, and with results as they came', async () => {
    expect((await serve('GET /v1/vehicles/connect/bcg_1/results', bulkResultsEmpty).getBulkConnectionResults('bcg_1')).data).toMatchObject({
      results: [],
      totalResults: 0,
    });
    const { data } = await serve('GET /v1/vehicles/connect/bcg_1/results', bulkResults).getBulkConnectionResults('bcg_1');
    expect(data.results[0]).toMatchObject({ status: 'CONNECTION_REQUIRED', canRetry: true, make: 'TESLA' });
  });

  it('keeps the total unknown when results come without one, so paging goes on to a short page', async () => {
    const api = serve('GET /v1/vehicles/eligibility/elg_1/results', { results: eligibilityResults.results });
    expect((await api.getEligibilityResults('elg_1')).data.totalResults).toBeNull();
  });

  it('reads a tire history without tires ({}) as none', async () => {
    const api = serve('GET /v1/vehicles/veh_1/maintenance/tires/historic', tireHistoryEmpty);
    expect((await api.getTireHistory('veh_1')).data.tires).toEqual([]);
  });

  it('reads manufacturer alerts without alerts ({}) as none', async () => {
    const api = serve('GET /v1/vehicles/veh_1/maintenance/manufacturer-alerts/current', alertsEmpty);
    expect((await api.getManufacturerAlerts('veh_1')).data.alerts).toEqual([]);
  });
});

describe('decimal strings in the published shapes', () => {
  it('reads specification ranges sent as decimal strings as numbers', async () => {
    const api = serve('GET /v1/vehicles/veh_1/specifications', specifications);
    const { data } = await api.getVehicleSpecifications('veh_1');
    expect(data).toMatchObject({ standardEvr: 426.5, allElectricRange: 426.5, allElectricRangeMin: 350, modelYear: 2023 });
  });

  it('keeps a figure that is no number as it came rather than refusing the whole body', async () => {
    const api = serve('GET /v1/vehicles/veh_1/specifications', { ...specifications, standardEvr: 'n/a' });
    expect((await api.getVehicleSpecifications('veh_1')).data.standardEvr).toBe('n/a');
  });

  it('reads tire pressures sent as decimal strings as numbers', async () => {
    const api = serve('GET /v1/vehicles/veh_1/maintenance/tires/historic', tireHistory);
    const { data } = await api.getTireHistory('veh_1');
    expect(data.tires[0]).toMatchObject({ frontLeft: 250.5, rearLeft: 248.25 });
  });

  it('reads service kilometres sent as decimal strings as numbers, with the published type and status', async () => {
    const api = serve('GET /v1/vehicles/veh_1/maintenance/services', services);
    const { data } = await api.getMaintenanceServices('veh_1');
    expect(data.services[0]).toMatchObject({
      type: 'FULL_SERVICE',
      status: 'PENDING',
      kmToNextService: 12500,
      odometerKmAtLastService: 31250.5,
    });
    expect(data.services[1]).toMatchObject({ type: 'STATUTORY', kmToNextService: null });
  });
});

describe('figures, counts and flags sent as strings', () => {
  const telemetry = {
    id: 'veh_1',
    speed: { value: '12.5', unit: 'km/h', timestamp: '2026-11-20T08:00:00Z' },
    stateOfCharge: { value: 'n/a', unit: 'percent', timestamp: '2026-11-20T08:00:00Z' },
    odometer: { value: 48211, unit: 'km', timestamp: '2026-11-20T08:00:00Z' },
    location: { latitude: '52.52', longitude: '13.405', timestamp: '2026-11-20T08:00:00Z' },
    chargingState: { chargingState: 'CHARGING', chargePortDoorOpen: 'true', timestamp: '2026-11-20T08:00:00Z' },
    tirePressure: { frontLeftTire: '250.5', frontRightTire: '251', rearLeftTire: 'n/a', rearRightTire: 248, unit: 'kPa' },
    security: { locked: 'FALSE', timestamp: '2026-11-20T08:00:00Z' },
  };

  it('reads telemetry figures sent as decimal strings as numbers and keeps one that is no number as it came', async () => {
    const { data } = await serve('GET /v1/vehicles/veh_1/telemetry', telemetry).getTelemetry('veh_1');
    expect(data.speed?.value).toBe(12.5);
    expect(data.stateOfCharge?.value).toBe('n/a');
    expect(data.odometer?.value).toBe(48211);
    expect(data.location).toMatchObject({ latitude: 52.52, longitude: 13.405 });
    expect(data.tirePressure).toMatchObject({ frontLeftTire: 250.5, frontRightTire: 251, rearLeftTire: 'n/a', rearRightTire: 248 });
    expect(data.chargingState?.chargePortDoorOpen).toBe(true);
    expect(data.security?.locked).toBe(false);
  });

  it('reads a vehicles page with its total and listening flags as strings', async () => {
    const page = {
      results: [
        { id: 'veh_1', isListening: 'true', isRegNoValidated: 'false' },
        { id: 'veh_2', isListening: 'maybe' },
      ],
      nextPageToken: null,
      totalResults: '42',
    };
    const { data } = await serve('GET /v1/vehicles', page).listVehicles();
    expect(data.totalResults).toBe(42);
    expect(data.results.map((v) => v.isListening)).toEqual([true, null]);
    expect(data.results[0].isRegNoValidated).toBe(false);
  });

  it('never fails a page on a total that is no number, and still refuses a page without results', async () => {
    const { data } = await serve('GET /v1/vehicles', { results: [{ id: 'veh_1' }], totalResults: 'many' }).listVehicles();
    expect(data.totalResults).toBeNull();
    await expect(serve('GET /v1/vehicles', { totalResults: '1' }).listVehicles()).rejects.toMatchObject({
      code: 'UPSTREAM_CONTRACT_MISMATCH',
    });
  });

  it('reads journeys and charging sessions with figures as strings, counts included', async () => {
    const journeys = {
      results: [{ id: 'j_1', distanceTravelledKm: '12.4', energyUsedKwh: 'n/a', socUsed: '3', startLatitude: '48.1' }],
      nextPageToken: null,
      estimatedTotalResults: '1',
      totalResults: '1',
    };
    const journeyPage = (await serve('GET /v1/vehicles/veh_1/journeys', journeys).listJourneys('veh_1')).data;
    expect(journeyPage.results[0]).toMatchObject({ distanceTravelledKm: 12.4, energyUsedKwh: 'n/a', socUsed: 3, startLatitude: 48.1 });
    expect(journeyPage).toMatchObject({ estimatedTotalResults: 1, totalResults: 1 });

    const sessions = {
      results: [{ id: 'c_1', kwhFromGrid: '31.2', kwhInHvb: '28', externalTemperature: '-4.5', kwMedian: 'n/a' }],
      totalResults: '1',
    };
    const sessionPage = (await serve('GET /v1/vehicles/veh_1/charging-history', sessions).listChargingSessions('veh_1')).data;
    expect(sessionPage.results[0]).toMatchObject({ kwhFromGrid: 31.2, kwhInHvb: 28, externalTemperature: -4.5, kwMedian: 'n/a' });
    expect(sessionPage.totalResults).toBe(1);
  });

  it('reads departure times, the listening state and rate limits with strings for numbers and flags', async () => {
    const departures = { departureTimes: [{ hour: '7', minute: '30', daysOfWeek: ['MONDAY'], localTimeOffset: '60' }] };
    expect(
      (await serve('GET /v1/vehicles/veh_1/departure-times', departures).getDepartureTimes('veh_1')).data.departureTimes[0],
    ).toMatchObject({
      hour: 7,
      minute: 30,
      localTimeOffset: 60,
    });
    const upstream = createFakeUpstream();
    upstream.on('POST /v1/vehicles/veh_1/listening', () => json({ vehicleId: 'veh_1', isListening: 'false' }, 202));
    const api = createVehicleApi({
      baseUrl: 'http://vendor.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: upstream.fetch,
      logger: () => {},
    });
    expect((await api.setListening('veh_1', false)).data.isListening).toBe(false);

    const limits = [
      { domain: 'VEHICLE', key: 'OEM_COMMANDS_AND_FETCH_STATE', remainingRequests: '150', maxRequests: '200', windowSizeSeconds: 'n/a' },
    ];
    expect((await serve('GET /v1/rate-limits', limits).getRateLimits('veh_1')).data[0]).toMatchObject({
      remainingRequests: 150,
      maxRequests: 200,
      windowSizeSeconds: null,
    });
  });
});

describe('the client against the sandbox on the vendor profile', () => {
  it('reads every vehicle section, eligibility and rate limits without a contract mismatch', async () => {
    const { createSandbox } = await import('@/lib/sandbox');
    let now = Date.parse('2026-06-01T12:00:00Z');
    const sandbox = createSandbox({ profile: 'vendor', vehiclesPerOrg: 20, now: () => now });
    const org = sandbox.organizations[0];
    const api = createVehicleApi({
      baseUrl: 'http://sandbox.test',
      clientId: org.clientId,
      clientSecret: org.clientSecret,
      fetch: sandbox.fetch,
      logger: () => {},
    });
    const { results } = (await api.listVehicles({ maxPageSize: 20 })).data;
    expect(results.length).toBeGreaterThan(0);
    for (const vehicle of results.slice(0, 8)) {
      expect(vehicle.make).toBe(vehicle.make?.toUpperCase());
      await api.getVehicle(vehicle.id);
      await api.getTelemetry(vehicle.id);
      await api.getVehicleSpecifications(vehicle.id);
      await api.getMaintenanceServices(vehicle.id);
      expect(Array.isArray((await api.getTireHistory(vehicle.id)).data.tires)).toBe(true);
      expect(Array.isArray((await api.getManufacturerAlerts(vehicle.id)).data.alerts)).toBe(true);
      await api.getDepartureTimes(vehicle.id);
      await api.getRateLimits(vehicle.id);
      expect(Array.isArray((await api.getChargingWindows(vehicle.id)).data.chargingWindows)).toBe(true);
      expect((await api.listListeningAudit(vehicle.id)).data.results).toEqual([]);
    }
    const { onlineListeningVehicleId } = sandbox.fixtures(org.id);
    expect(typeof (await api.getStateOfHealth(onlineListeningVehicleId)).data.stateOfHealth).toBe('number');
    expect(typeof (await api.getRange(onlineListeningVehicleId)).data.range?.real).toBe('number');
    const check = await api.createEligibilityCheck([{ vin: 'WDD2050041F000002', countryCode: 'DE', make: 'MERCEDES BENZ' }]);
    now += 60_000;
    const checked = await api.getEligibilityResults(check.data.id);
    expect(checked.data.results[0]).toMatchObject({ make: 'MERCEDES BENZ' });
    expect((await api.getEligibilityResults(check.data.id, { currentPage: 5, maxPageSize: 10 })).data).toMatchObject({
      results: [],
      totalResults: 1,
    });
  });
});

describe('the published endpoints beyond the contract', () => {
  it('reads the state of health with its decimal strings as numbers', async () => {
    const api = serve('GET /v1/vehicles/veh_1/state-of-health', stateOfHealth);
    const { data } = await api.getStateOfHealth('veh_1');
    expect(data).toMatchObject({ stateOfHealth: 93.4, batteryCapacity: { nominal: 77, real: 71.9 } });
  });

  it('reads the range as numbers, keeping a figure that is no number as sent', async () => {
    const api = serve('GET /v1/vehicles/veh_1/range', range);
    const { data } = await api.getRange('veh_1');
    expect(data.range).toMatchObject({
      real: 412.5,
      realWarmerRange: 440,
      realColderRange: 'n/a',
      nominal: { WLTP: 520 },
      score: { WLTP: 0.79 },
    });
  });

  it('reads charging windows left out ({}) as none', async () => {
    const api = serve('GET /v1/vehicles/veh_1/charging-windows', chargingWindowsEmpty);
    expect((await api.getChargingWindows('veh_1')).data.chargingWindows).toEqual([]);
  });

  it('reads a listening audit page without a total', async () => {
    const api = serve('GET /v1/vehicles/veh_1/listening-audit', listeningAudit);
    const { data } = await api.listListeningAudit('veh_1', { startAt: '2026-11-01T00:00:00Z' });
    expect(data.results.map((e) => e.isListening)).toEqual([true, false]);
    expect(data.nextPageToken).toBeNull();
  });
});

describe('platform alerts', () => {
  it('reads the vendor’s published alert: the category an object, a step’s text and order inside its definition', async () => {
    const alert = {
      id: 'alr_1',
      status: 'ACTIVE',
      alertDefinitionId: 'def_1',
      vehicleId: 'veh_1',
      muted: false,
      createdAt: '2026-11-20T08:00:00Z',
      currentSeverity: 'HIGH',
      resolutions: [
        {
          id: 'res_1',
          definition: { id: 'rdef_1', name: 'Wake the vehicle', description: 'Bring it back online' },
          status: 'PENDING',
          steps: [{ id: 'stp_1', status: 'PENDING', definition: { id: 'sdef_1', description: 'Start the vehicle', order: 1 } }],
        },
      ],
      definition: {
        id: 'def_1',
        name: 'Vehicle not seen',
        description: 'No data for 48 hours',
        message: 'The vehicle has not reported for 48 hours',
        category: { id: 'cat_1', name: 'CONNECTIVITY', description: null },
      },
      metadata: { createdAt: '2026-11-20T08:00:00Z', updatedAt: '2026-11-20T08:00:00Z' },
    };
    const { data } = await serve('GET /v1/vehicles/veh_1/alerts', {
      results: [alert],
      nextPageToken: null,
      totalResults: 1,
    }).listPlatformAlerts('veh_1');
    expect(data.alerts[0].definition?.category).toBe('CONNECTIVITY');
    expect(data.alerts[0].resolutions[0]).toMatchObject({ title: 'Wake the vehicle', description: 'Bring it back online' });
    expect(data.alerts[0].resolutions[0].steps).toEqual([{ order: 1, title: null, description: 'Start the vehicle' }]);
  });

  it('reads a page of alerts: steps as strings or objects, unknown severities kept, no id or resolutions tolerated', async () => {
    const { data } = await serve('GET /v1/vehicles/veh_1/alerts', platformAlerts).listPlatformAlerts('veh_1');
    expect(data.totalResults).toBe(2);
    expect(data.alerts[0].resolutions[0].steps).toEqual([
      { order: null, title: null, description: 'Ask the driver to start the vehicle' },
      { order: 2, title: null, description: "Check the manufacturer's app" },
    ]);
    expect(data.alerts[1]).toMatchObject({ currentSeverity: 'BLOCKING', muted: true, resolutions: [] });
  });

  it('reads {} (results left out), {"alerts": [...]} and a bare array alike', async () => {
    expect((await serve('GET /v1/vehicles/veh_1/alerts', {}).listPlatformAlerts('veh_1')).data).toEqual({
      alerts: [],
      nextPageToken: null,
      totalResults: 0,
    });
    const one = platformAlerts.results[0];
    expect((await serve('GET /v1/vehicles/veh_1/alerts', { alerts: [one] }).listPlatformAlerts('veh_1')).data.alerts).toHaveLength(1);
    expect((await serve('GET /v1/vehicles/veh_1/alerts', [one]).listPlatformAlerts('veh_1')).data.alerts[0].id).toBe('alr_1');
  });
});
