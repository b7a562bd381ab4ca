import 'server-only';
import { SPECIFICATION_COUNTRIES } from '@/lib/contract/vehicle-api';
import { CITY_COORDINATES, findBrand } from './catalog';
import type { Vehicle } from './model';
import { between, createRng, hashSeed, hexString, intBetween, pick, round } from './random';

/**
 * Per-vehicle history, generated on first use from the vehicle's own seed and cached, so that
 * seeding stays fast and the same vehicle always shows the same past. `end` is the instant the
 * sandbox was seeded: history never moves when the clock does.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const HISTORY_DAYS = 180;

export interface Journey {
  id: string;
  vehicleId: string;
  vin: string;
  startTimestamp: string;
  stopTimestamp: string;
  distanceTravelledKm: number;
  odometerStart: number;
  odometerEnd: number;
  energyUsedKwh: number;
  energyStartKwh: number;
  energyEndKwh: number;
  socUsed: number;
  socStart: number;
  socEnd: number;
  startLatitude: number;
  startLongitude: number;
  stopLatitude: number;
  stopLongitude: number;
}

export interface ChargingSession {
  id: string;
  vehicleId: string;
  startedAt: string;
  endedAt: string;
  chargeDuration: number;
  latitude: number;
  longitude: number;
  kwhFromGrid: number;
  kwhInHvb: number;
  startStateOfCharge: number;
  endStateOfCharge: number;
  externalTemperature: number;
  kwMedian: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function capacity(vehicle: Vehicle): number {
  return findBrand(vehicle.make)?.models.find((m) => m.model === vehicle.model)?.batteryKwh ?? 70;
}

export function home(vehicle: Vehicle): [number, number] {
  return CITY_COORDINATES[vehicle.registrationCountry] ?? [50, 8];
}

export function journeysOf(vehicle: Vehicle, end: number, cache: WeakMap<Vehicle, Journey[]>): Journey[] {
  const cached = cache.get(vehicle);
  if (cached) return cached;
  const journeys: Journey[] = [];
  if (vehicle.hasJourneys) {
    const rng = createRng(hashSeed(vehicle.seed, 'journeys'));
    const kwh = capacity(vehicle);
    const [lat0, lon0] = home(vehicle);
    let odometer = intBetween(rng, 2_000, 40_000);
    let lat = lat0;
    let lon = lon0;
    const startDay = Math.floor(end / DAY_MS) - HISTORY_DAYS;
    for (let day = 0; day < HISTORY_DAYS; day++) {
      const trips = intBetween(rng, 0, 3);
      let hour = intBetween(rng, 6, 9);
      for (let t = 0; t < trips; t++) {
        const start = (startDay + day) * DAY_MS + hour * HOUR_MS + intBetween(rng, 0, 59) * 60_000;
        const minutes = intBetween(rng, 8, 95);
        const stop = start + minutes * 60_000;
        if (stop > end) break;
        const distance = round((minutes / 60) * between(rng, 25, 70), 1);
        const socStart = intBetween(rng, 35, 95);
        const socUsed = Math.min(socStart - 5, round((distance * 0.17 * 100) / kwh, 1));
        const stopLat = round(lat0 + between(rng, -0.15, 0.15), 6);
        const stopLon = round(lon0 + between(rng, -0.2, 0.2), 6);
        journeys.push({
          id: `jrn_${vehicle.id.slice(4, 12)}_${journeys.length}`,
          vehicleId: vehicle.id,
          vin: vehicle.vin,
          startTimestamp: iso(start),
          stopTimestamp: iso(stop),
          distanceTravelledKm: distance,
          odometerStart: round(odometer, 1),
          odometerEnd: round(odometer + distance, 1),
          energyUsedKwh: round((socUsed * kwh) / 100, 2),
          energyStartKwh: round((socStart * kwh) / 100, 2),
          energyEndKwh: round(((socStart - socUsed) * kwh) / 100, 2),
          socUsed,
          socStart,
          socEnd: round(socStart - socUsed, 1),
          startLatitude: round(lat, 6),
          startLongitude: round(lon, 6),
          stopLatitude: stopLat,
          stopLongitude: stopLon,
        });
        odometer += distance;
        lat = stopLat;
        lon = stopLon;
        hour += Math.ceil(minutes / 60) + intBetween(rng, 1, 4);
      }
    }
    journeys.reverse();
  }
  cache.set(vehicle, journeys);
  return journeys;
}

export function chargingSessionsOf(vehicle: Vehicle, end: number, cache: WeakMap<Vehicle, ChargingSession[]>): ChargingSession[] {
  const cached = cache.get(vehicle);
  if (cached) return cached;
  const rng = createRng(hashSeed(vehicle.seed, 'charging'));
  const kwh = capacity(vehicle);
  const [lat0, lon0] = home(vehicle);
  const sessions: ChargingSession[] = [];
  for (
    let start = end - HISTORY_DAYS * DAY_MS + intBetween(rng, 0, 48) * HOUR_MS;
    start < end - 12 * HOUR_MS;
    start += intBetween(rng, 40, 110) * HOUR_MS
  ) {
    const startSoc = intBetween(rng, 10, 60);
    const endSoc = intBetween(rng, Math.max(startSoc + 10, 70), 100);
    const kwhInHvb = round(((endSoc - startSoc) * kwh) / 100, 2);
    const power = pick(rng, [7.4, 11, 22, 50, 150]);
    const durationMinutes = Math.max(15, Math.round((kwhInHvb / power) * 60 * 1.1));
    sessions.push({
      id: `chs_${vehicle.id.slice(4, 12)}_${sessions.length}`,
      vehicleId: vehicle.id,
      startedAt: iso(start),
      endedAt: iso(start + durationMinutes * 60_000),
      chargeDuration: durationMinutes * 60,
      latitude: round(lat0 + between(rng, -0.05, 0.05), 6),
      longitude: round(lon0 + between(rng, -0.05, 0.05), 6),
      kwhFromGrid: round(kwhInHvb * between(rng, 1.05, 1.12), 2),
      kwhInHvb,
      startStateOfCharge: startSoc,
      endStateOfCharge: endSoc,
      externalTemperature: round(between(rng, -5, 30), 1),
      kwMedian: power,
    });
  }
  sessions.reverse();
  cache.set(vehicle, sessions);
  return sessions;
}

export function servicesOf(vehicle: Vehicle, end: number) {
  const rng = createRng(hashSeed(vehicle.seed, 'services'));
  const services: Array<Record<string, string | null>> = [];
  const odometer = intBetween(rng, 5_000, 90_000);
  services.push({
    component: 'VEHICLE',
    type: 'FULL_SERVICE',
    kmToNextService: String(intBetween(rng, 300, 25_000)),
    dateOfNextServiceAt: iso(end + intBetween(rng, 10, 300) * DAY_MS),
    dateOfLastServiceAt: iso(end - intBetween(rng, 60, 400) * DAY_MS),
    odometerKmAtLastService: String(odometer),
    status: 'PENDING',
  });
  if (rng() < 0.5) {
    services.push({
      component: 'BRAKES',
      type: 'BRAKE_FLUID_CHANGE',
      kmToNextService: null,
      dateOfNextServiceAt: iso(end + intBetween(rng, 5, 200) * DAY_MS),
      dateOfLastServiceAt: null,
      odometerKmAtLastService: null,
      status: 'PENDING',
    });
  }
  if (rng() < 0.3) {
    services.push({
      component: 'VEHICLE',
      type: 'STATUTORY_INSPECTION',
      kmToNextService: null,
      dateOfNextServiceAt: iso(end + intBetween(rng, -10, 120) * DAY_MS),
      dateOfLastServiceAt: iso(end - 700 * DAY_MS),
      odometerKmAtLastService: null,
      status: 'DUE',
    });
  }
  return services;
}

export function departureTimesOf(vehicle: Vehicle) {
  const rng = createRng(hashSeed(vehicle.seed, 'departures'));
  const count = intBetween(rng, 0, 2);
  const weekdays = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];
  return Array.from({ length: count }, (_, i) => ({
    hour: i === 0 ? intBetween(rng, 6, 8) : intBetween(rng, 12, 17),
    minute: pick(rng, [0, 15, 30, 45]),
    daysOfWeek: i === 0 ? weekdays : ['SATURDAY', 'SUNDAY'],
    localTimeOffset: localTimeOffsetOf(vehicle),
  }));
}

/** Minutes east of UTC of the vehicle's home, as departure times and charging windows send it. */
export function localTimeOffsetOf(vehicle: Vehicle): number {
  if (vehicle.registrationCountry === 'GB' || vehicle.registrationCountry === 'IE') return 0;
  return ['US', 'CA', 'MX'].includes(vehicle.registrationCountry) ? -300 : 60;
}

const ALERT_CATALOG = [
  {
    oemCode: 'TPMS_LOW',
    oemMessage: 'Tyre pressure low',
    mappedCode: 'LOW_TIRE_PRESSURE',
    mappedMessage: 'Low tire pressure',
    type: 'WARNING',
    severity: 'MEDIUM',
    affectedComponent: 'TIRES',
    recommendedAction: 'CHECK_TIRE_PRESSURE',
  },
  {
    oemCode: 'BRK_PAD_WEAR',
    oemMessage: 'Brake pads worn',
    mappedCode: 'BRAKE_PAD_WEAR',
    mappedMessage: 'Brake pads need replacing',
    type: 'ROUTINE_MAINTENANCE',
    severity: 'LOW',
    affectedComponent: 'BRAKES',
    recommendedAction: 'SERVICE_REQUIRED',
  },
  {
    oemCode: 'HV_ISO_FAULT',
    oemMessage: 'High-voltage isolation fault',
    mappedCode: 'HV_SYSTEM_FAULT',
    mappedMessage: 'High-voltage system fault',
    type: 'FAULT',
    severity: 'CRITICAL',
    affectedComponent: 'HIGH_VOLTAGE_BATTERY',
    recommendedAction: 'DO_NOT_DRIVE',
  },
  {
    oemCode: 'WASH_FLUID',
    oemMessage: 'Washer fluid low',
    mappedCode: 'WASHER_FLUID_LOW',
    mappedMessage: 'Washer fluid low',
    type: 'INFO',
    severity: 'LOW',
    affectedComponent: 'WASHER_SYSTEM',
    recommendedAction: 'REFILL',
  },
  {
    oemCode: 'CHG_TEMP',
    oemMessage: 'Charging limited: battery temperature',
    mappedCode: 'CHARGING_LIMITED',
    mappedMessage: 'Charging power limited by battery temperature',
    type: 'TEMPORARY_FAULT',
    severity: 'MEDIUM',
    affectedComponent: 'CHARGING_SYSTEM',
    recommendedAction: 'NONE',
  },
] as const;

export function alertsOf(vehicle: Vehicle, end: number) {
  const rng = createRng(hashSeed(vehicle.seed, 'alerts'));
  const count = rng() < 0.6 ? 0 : intBetween(rng, 1, 3);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(intBetween(rng, 0, ALERT_CATALOG.length - 1));
  return [...chosen].map((i) => ({
    status: 'ACTIVE',
    timestamp: iso(end - intBetween(rng, 1, 240) * HOUR_MS),
    ...ALERT_CATALOG[i],
    oemMetadata: { source: vehicle.make, dtc: `P${hexString(rng, 4).toUpperCase()}` },
  }));
}

/** One row per hour in [from, to), pressures in kPa as decimal strings; an hour now and then has no reading. */
export function tireHistoryOf(vehicle: Vehicle, fromMs: number, toMs: number) {
  const rows: Array<{ bucket: string; frontLeft: string; frontRight: string; rearLeft: string; rearRight: string }> = [];
  const base = createRng(hashSeed(vehicle.seed, 'tires'));
  const nominal = [0, 0, 0, 0].map(() => between(base, 230, 255));
  for (let hour = Math.ceil(fromMs / HOUR_MS) * HOUR_MS; hour < toMs; hour += HOUR_MS) {
    const rng = createRng(hashSeed(vehicle.seed, 'tire-hour', hour));
    if (rng() < 0.04) continue;
    const dailyWave = Math.sin((hour / DAY_MS) * 2 * Math.PI) * 3;
    const [fl, fr, rl, rr] = nominal.map((n) => (n + dailyWave + between(rng, -1.5, 1.5)).toFixed(1));
    rows.push({ bucket: iso(hour), frontLeft: fl, frontRight: fr, rearLeft: rl, rearRight: rr });
  }
  return rows;
}

export function hasSpecifications(vehicle: Vehicle): boolean {
  return (SPECIFICATION_COUNTRIES as readonly string[]).includes(vehicle.registrationCountry);
}

export function specificationsOf(vehicle: Vehicle) {
  if (!hasSpecifications(vehicle)) {
    return {
      make: null,
      model: null,
      modelYear: null,
      batteryCapacity: null,
      batteryCapacityNet: null,
      standardEvr: null,
      allElectricRange: null,
      allElectricRangeMin: null,
    };
  }
  const spec = findBrand(vehicle.make)?.models.find((m) => m.model === vehicle.model);
  const battery = spec?.batteryKwh ?? 70;
  const range = spec?.rangeKm ?? 450;
  return {
    make: vehicle.make,
    model: vehicle.model,
    modelYear: vehicle.modelYear,
    batteryCapacity: battery,
    batteryCapacityNet: round(battery * 0.94, 1),
    standardEvr: range,
    allElectricRange: range,
    allElectricRangeMin: Math.round(range * 0.82),
  };
}

export function optionsOf(vehicle: Vehicle) {
  const rng = createRng(hashSeed(vehicle.seed, 'options'));
  const options = [
    { code: 'PAINT_PEARL_WHITE', description: 'Pearl White Multi-Coat' },
    { code: 'WHEELS_19_SPORT', description: '19" Sport Wheels' },
    { code: 'INTERIOR_PREMIUM_BLACK', description: 'Premium Black Interior' },
    { code: 'AUTOPILOT_ENHANCED', description: 'Enhanced Autopilot' },
    { code: 'TOW_HITCH', description: 'Tow Hitch' },
  ].filter(() => rng() < 0.75);
  return {
    vehicleId: vehicle.id,
    vehicleConfig: {
      model: vehicle.model,
      trim: vehicle.trim,
      driveUnit: rng() < 0.5 ? 'DUAL_MOTOR' : 'REAR_MOTOR',
      batteryType: 'NMC',
      wheelSize: 19,
    },
    options,
  };
}
