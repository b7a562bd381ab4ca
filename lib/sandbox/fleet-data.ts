import 'server-only';
import { findBrand } from './catalog';
import { capacity, home, localTimeOffsetOf } from './history';
import type { AuditEntry, Vehicle } from './model';
import { between, createRng, hashSeed, intBetween, pick } from './random';

/**
 * What the vendor publishes beyond the contract [V]: battery state of health, range, charging
 * windows and the listening audit. Figures are decimal strings, as the vendor sends them.
 */

const DAY_MS = 86_400_000;
const NORTH_AMERICA = ['US', 'CA', 'MX'];

const decimal = (value: number, digits: number) => value.toFixed(digits);
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Battery figures appear after a qualifying charge: a vehicle never driven yet (the no-journeys
 * fixture) has none, and answers 404 like a combustion vehicle would.
 */
export function hasBatteryData(vehicle: Vehicle): boolean {
  return vehicle.hasJourneys;
}

function healthOf(vehicle: Vehicle): { soh: number; calculatedAt: number } {
  const rng = createRng(hashSeed(vehicle.seed, 'state-of-health'));
  return { soh: between(rng, 0.86, 0.995), calculatedAt: vehicle.lastSeenAt - intBetween(rng, 1, 20) * DAY_MS };
}

export function stateOfHealthOf(vehicle: Vehicle) {
  const { soh, calculatedAt } = healthOf(vehicle);
  const nominal = capacity(vehicle);
  return {
    vehicleId: vehicle.id,
    calculationDate: isoDate(calculatedAt),
    stateOfHealth: decimal(soh * 100, 1),
    batteryCapacity: { nominal: decimal(nominal, 1), real: decimal(nominal * soh, 1) },
  };
}

export function rangeOf(vehicle: Vehicle) {
  const { soh, calculatedAt } = healthOf(vehicle);
  const rated = findBrand(vehicle.make)?.models.find((m) => m.model === vehicle.model)?.rangeKm ?? 450;
  // Real-world range sits below the rated cycle; heat costs a little, cold a lot.
  const rng = createRng(hashSeed(vehicle.seed, 'range'));
  const real = rated * soh * between(rng, 0.78, 0.92);
  const northAmerica = NORTH_AMERICA.includes(vehicle.registrationCountry);
  const nominal = northAmerica ? { EPA: Math.round(rated * 0.88) } : { WLTP: rated };
  const score = Object.fromEntries(Object.entries(nominal).map(([cycle, km]) => [cycle, decimal(real / km, 2)]));
  return {
    vehicleId: vehicle.id,
    unit: 'km',
    calculationDate: isoDate(calculatedAt),
    range: {
      real: decimal(real, 1),
      realWarmerRange: decimal(real * between(rng, 1.03, 1.1), 1),
      realColderRange: decimal(real * between(rng, 0.62, 0.8), 1),
      nominal,
      score,
    },
  };
}

/** Cheap-tariff windows: most vehicles charge overnight on weekdays, some also at midday at the weekend. */
export function chargingWindowsOf(vehicle: Vehicle) {
  const rng = createRng(hashSeed(vehicle.seed, 'charging-windows'));
  const count = intBetween(rng, 0, 2);
  const [latitude, longitude] = home(vehicle);
  const windows = [];
  for (let i = 0; i < count; i++) {
    const overnight = i === 0;
    windows.push({
      startHour: overnight ? intBetween(rng, 21, 23) : intBetween(rng, 10, 12),
      startMinute: pick(rng, [0, 30]),
      endHour: overnight ? intBetween(rng, 5, 7) : intBetween(rng, 14, 16),
      endMinute: pick(rng, [0, 30]),
      daysOfWeek: overnight ? ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] : ['SATURDAY', 'SUNDAY'],
      localTimeOffset: localTimeOffsetOf(vehicle),
      windowLocation: { latitude, longitude },
    });
  }
  return windows;
}

/** The listening changes of one vehicle in [startAt, endAt], newest first, as the vendor writes them. */
export function listeningAuditOf(audit: readonly AuditEntry[], vehicleId: string, startAt: number | null, endAt: number | null) {
  return audit
    .filter((e) => e.vehicleId === vehicleId && (startAt === null || e.at >= startAt) && (endAt === null || e.at <= endAt))
    .sort((a, b) => b.at - a.at)
    .map((e) => ({ vehicleId: e.vehicleId, isListening: e.isListening, timestamp: new Date(e.at).toISOString() }));
}
