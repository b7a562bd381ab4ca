import 'server-only';
import { CITY_COORDINATES, findBrand } from './catalog';
import type { Budget, RateLimitKey, SimState, Vehicle } from './model';
import { between, createRng, hashSeed, intBetween, round } from './random';

/** Per-vehicle rate limits: [maximum, window in seconds]. */
export const RATE_LIMITS: Record<RateLimitKey, { max: number; windowSeconds: number }> = {
  OEM_ENERGY_API_COMMANDS: { max: 30, windowSeconds: 3600 },
  OEM_ENERGY_API_STOP_COMMANDS: { max: 10, windowSeconds: 3600 },
  OEM_ENERGY_API_COMMANDS_AND_FETCH_STATE: { max: 200, windowSeconds: 86_400 },
};

const CHARGE_RATE_PERCENT_PER_HOUR = 25;

export function simOf(vehicle: Vehicle, now: number): SimState {
  if (vehicle.sim) return vehicle.sim;
  const rng = createRng(hashSeed(vehicle.seed, 'sim'));
  const spec = findBrand(vehicle.make)?.models.find((m) => m.model === vehicle.model);
  const [lat, lon] = CITY_COORDINATES[vehicle.registrationCountry] ?? [50, 8];
  const charging = rng() < 0.2;
  const soc = intBetween(rng, 15, 95);
  vehicle.sim = {
    odometerKm: intBetween(rng, 2_000, 120_000),
    socPercent: soc,
    capacityKwh: spec?.batteryKwh ?? 70,
    rangeKmFull: spec?.rangeKm ?? 450,
    chargeLimit: rng() < 0.5 ? 80 : 90,
    chargingState: charging ? 'CHARGING' : rng() < 0.5 ? 'DISCONNECTED' : 'STOPPED',
    chargeStartedAt: charging ? now - intBetween(rng, 5, 90) * 60_000 : null,
    socAtChargeStart: soc,
    chargePortDoorOpen: charging,
    locked: rng() < 0.85,
    frontTrunkOpen: false,
    rearTrunkOpen: false,
    climateOn: false,
    temperatureC: { driver: 21, passenger: 21 },
    windowHeating: false,
    softwareUpdateAt: null,
    name: null,
    nameUpdatedAt: null,
    latitude: round(lat + between(rng, -0.08, 0.08), 6),
    longitude: round(lon + between(rng, -0.12, 0.12), 6),
    heading: intBetween(rng, 0, 359),
    tirePressureKpa: [0, 0, 0, 0].map(() => round(between(rng, 225, 260), 1)) as SimState['tirePressureKpa'],
    updatedAt: vehicle.lastSeenAt,
  };
  return vehicle.sim;
}

/** State of charge now: charging is computed from timestamps, never with timers. */
export function currentSoc(sim: SimState, now: number): number {
  if (sim.chargingState !== 'CHARGING' || sim.chargeStartedAt === null) return sim.socPercent;
  const gained = ((now - sim.chargeStartedAt) / 3_600_000) * CHARGE_RATE_PERCENT_PER_HOUR;
  return round(Math.min(sim.chargeLimit, Math.max(sim.socAtChargeStart, sim.socAtChargeStart + gained)), 1);
}

export function chargingStateNow(sim: SimState, now: number): SimState['chargingState'] {
  if (sim.chargingState === 'CHARGING' && currentSoc(sim, now) >= sim.chargeLimit) return 'COMPLETE';
  return sim.chargingState;
}

/** Freezes the computed state of charge before a command changes how it evolves. */
export function freezeCharge(sim: SimState, now: number): void {
  sim.socPercent = currentSoc(sim, now);
  sim.chargingState = chargingStateNow(sim, now);
  if (sim.chargingState !== 'CHARGING') sim.chargeStartedAt = null;
}

export function startCharging(sim: SimState, now: number): void {
  freezeCharge(sim, now);
  sim.chargingState = 'CHARGING';
  sim.chargePortDoorOpen = true;
  sim.chargeStartedAt = now;
  sim.socAtChargeStart = sim.socPercent;
}

export function budgetsOf(vehicle: Vehicle, now: number): Record<RateLimitKey, Budget> {
  if (!vehicle.budgets) {
    vehicle.budgets = {
      OEM_ENERGY_API_COMMANDS: { remaining: vehicle.commandBudgetSpent ? 0 : RATE_LIMITS.OEM_ENERGY_API_COMMANDS.max, windowStart: now },
      OEM_ENERGY_API_STOP_COMMANDS: { remaining: RATE_LIMITS.OEM_ENERGY_API_STOP_COMMANDS.max, windowStart: now },
      OEM_ENERGY_API_COMMANDS_AND_FETCH_STATE: { remaining: RATE_LIMITS.OEM_ENERGY_API_COMMANDS_AND_FETCH_STATE.max, windowStart: now },
    };
  }
  for (const key of Object.keys(vehicle.budgets) as RateLimitKey[]) {
    const budget = vehicle.budgets[key];
    const windowMs = RATE_LIMITS[key].windowSeconds * 1000;
    if (now >= budget.windowStart + windowMs) {
      budget.remaining = RATE_LIMITS[key].max;
      budget.windowStart = budget.windowStart + Math.floor((now - budget.windowStart) / windowMs) * windowMs;
    }
  }
  return vehicle.budgets;
}

/** Spends one request; false when the budget was already empty. */
export function spend(vehicle: Vehicle, key: RateLimitKey, now: number): boolean {
  const budget = budgetsOf(vehicle, now)[key];
  if (budget.remaining <= 0) return false;
  budget.remaining -= 1;
  return true;
}

function block(value: number | null, unit: string, timestamp: string) {
  return { value, unit, timestamp };
}

export function renderTelemetry(vehicle: Vehicle, now: number) {
  const sim = simOf(vehicle, now);
  const ts = new Date(Math.max(sim.updatedAt, vehicle.lastSeenAt)).toISOString();
  const soc = currentSoc(sim, now);
  const state = chargingStateNow(sim, now);
  const charging = state === 'CHARGING';
  const range = round((sim.rangeKmFull * soc) / 100, 1);
  const door = 'CLOSED';
  const metadata = renderMetadata(vehicle);
  return {
    id: vehicle.id,
    odometer: block(sim.odometerKm, 'km', ts),
    elevation: block(intBetween(createRng(vehicle.seed), 20, 400), 'm', ts),
    speed: block(0, 'm/s', ts),
    heading: block(sim.heading, 'degree', ts),
    stateOfCharge: block(soc, '%', ts),
    range: block(range, 'km', ts),
    realRange: block(round(range * 0.9, 1), 'km', ts),
    energyRemaining: block(round((sim.capacityKwh * soc) / 100, 2), 'kWh', ts),
    maxStateOfCharge: block(sim.chargeLimit, '%', ts),
    minStateOfCharge: block(10, '%', ts),
    chargeRemainingTime: block(charging ? Math.ceil(((sim.chargeLimit - soc) / CHARGE_RATE_PERCENT_PER_HOUR) * 60) : null, 'minutes', ts),
    chargePowerLevel: block(charging ? 11 : 0, 'kw', ts),
    chargeCurrentLimit: block(16, 'amps', ts),
    location: { latitude: sim.latitude, longitude: sim.longitude, timestamp: ts },
    chargingState: {
      chargingState: state,
      timestamp: ts,
      chargePortDoorOpen: sim.chargePortDoorOpen,
      chargePortLatch: sim.chargePortDoorOpen && state !== 'DISCONNECTED' ? 'ENGAGED' : 'DISENGAGED',
    },
    tirePressure: {
      frontLeftTire: sim.tirePressureKpa[0],
      frontRightTire: sim.tirePressureKpa[1],
      rearLeftTire: sim.tirePressureKpa[2],
      rearRightTire: sim.tirePressureKpa[3],
      unit: 'kPa',
      timestamp: ts,
    },
    security: {
      locked: sim.locked,
      frontLeftDoor: door,
      frontRightDoor: door,
      rearLeftDoor: door,
      rearRightDoor: door,
      // [V] Required by the vendor's schema; the sandbox's vehicles keep their windows shut.
      frontLeftWindow: 'CLOSED',
      frontRightWindow: 'CLOSED',
      rearLeftWindow: 'CLOSED',
      rearRightWindow: 'CLOSED',
      frontTrunk: sim.frontTrunkOpen ? 'OPEN' : 'CLOSED',
      rearTrunk: sim.rearTrunkOpen ? 'OPEN' : 'CLOSED',
      sunRoof: 'CLOSED',
      timestamp: ts,
    },
    // Sandbox extension: climate control as CLIMATE_ON/OFF and START_HVAC_SYSTEM leave it (the contract has no field for it).
    climate: { isOn: sim.climateOn, timestamp: ts },
    // Sandbox extension: the name set by SET_VEHICLE_NAME (the contract has no field for it).
    vehicleName: { value: sim.name, unit: null, timestamp: sim.nameUpdatedAt === null ? null : new Date(sim.nameUpdatedAt).toISOString() },
    metadata,
  };
}

export function renderMetadata(vehicle: Vehicle) {
  return {
    lastSeenAt: new Date(vehicle.lastSeenAt).toISOString(),
    consentId: vehicle.consentId,
    accountId: vehicle.accountId,
    registrationDate: new Date(vehicle.registrationDate).toISOString(),
  };
}

/** The vehicle record of contract-gaps; `vin` and plate only with the `vehicle:information` scope. */
export function renderVehicle(vehicle: Vehicle, withInformation = true) {
  const record: Record<string, unknown> = {
    id: vehicle.id,
    vin: vehicle.vin,
    make: vehicle.make,
    model: vehicle.model,
    trim: vehicle.trim,
    modelYear: vehicle.modelYear === null ? null : String(vehicle.modelYear),
    registrationPlate: vehicle.registrationPlate,
    registrationCountry: vehicle.registrationCountry,
    isRegNoValidated: vehicle.isRegNoValidated,
    regNoValidatedAt:
      vehicle.isRegNoValidated && vehicle.regNoValidatedAt !== null ? new Date(vehicle.regNoValidatedAt).toISOString() : null,
    metadata: renderMetadata(vehicle),
    isListening: vehicle.isListening,
    listeningLastUpdated: new Date(vehicle.listeningLastUpdated).toISOString(),
    connectionStatus: vehicle.connectionStatus,
    connectionErrorCode: vehicle.connectionErrorCode,
    connectionErrorMessage: vehicle.connectionErrorMessage,
    actionCategory: vehicle.actionCategory,
  };
  if (!withInformation) {
    delete record.vin;
    delete record.registrationPlate;
  }
  return record;
}

/**
 * What a filter sees of a vehicle: the fields of `renderVehicle`, computed only when the filter
 * reads them, so that filtering 10,000 vehicles does not format 40,000 dates.
 */
export function vehicleFilterView(vehicle: Vehicle, withInformation: boolean): Record<string, unknown> {
  let rendered: Record<string, unknown> | undefined;
  const full = () => (rendered ??= renderVehicle(vehicle, withInformation));
  return new Proxy({} as Record<string, unknown>, {
    get(_target, key) {
      switch (key) {
        case 'id':
          return vehicle.id;
        case 'make':
          return vehicle.make;
        case 'model':
          return vehicle.model;
        case 'isListening':
          return vehicle.isListening;
        case 'connectionStatus':
          return vehicle.connectionStatus;
        case 'registrationCountry':
          return vehicle.registrationCountry;
        case 'metadata':
          return {
            accountId: vehicle.accountId,
            consentId: vehicle.consentId,
            get lastSeenAt() {
              return new Date(vehicle.lastSeenAt).toISOString();
            },
            get registrationDate() {
              return new Date(vehicle.registrationDate).toISOString();
            },
          };
        default:
          return typeof key === 'string' ? full()[key] : undefined;
      }
    },
  });
}
