import { convertDistance, convertPerDistance, DISTANCE_LABEL } from '@/lib/format/units';
import type { DistanceUnit } from '@/lib/format/preferences';
import { dayKeyOf, daysBetween } from './days';
import { startedWithin } from './started-within';
import { isNumber as finite, type Figure } from '@/lib/format/figures';

/** The journey fields the views compute with; the upstream may leave any of them out. */
export type JourneyNumbers = {
  startTimestamp?: string | null;
  stopTimestamp?: string | null;
  distanceTravelledKm?: Figure;
  energyUsedKwh?: Figure;
  socUsed?: Figure;
};

/**
 * kWh per 100 km. Null when it would not mean anything: a distance of zero or less (a journey
 * that did not move), a missing value, or negative energy (regeneration larger than use is not
 * a consumption figure).
 */
export function efficiencyKwhPer100Km(energyKwh: Figure, distanceKm: Figure): number | null {
  if (!finite(energyKwh) || !finite(distanceKm) || distanceKm <= 0 || energyKwh < 0) return null;
  return (energyKwh / distanceKm) * 100;
}

export function journeyDurationMinutes(journey: Pick<JourneyNumbers, 'startTimestamp' | 'stopTimestamp'>): number | null {
  if (!journey.startTimestamp || !journey.stopTimestamp) return null;
  const ms = Date.parse(journey.stopTimestamp) - Date.parse(journey.startTimestamp);
  return Number.isFinite(ms) && ms >= 0 ? ms / 60_000 : null;
}

export type JourneyTotals = {
  count: number;
  distanceKm: number;
  energyKwh: number;
  socUsed: number;
  durationMinutes: number;
  /** Energy over distance of the journeys that report both, so short trips do not weigh as much as long ones. */
  efficiencyKwhPer100Km: number | null;
};

export function journeyTotals(journeys: readonly JourneyNumbers[]): JourneyTotals {
  const totals = { count: journeys.length, distanceKm: 0, energyKwh: 0, socUsed: 0, durationMinutes: 0 };
  let measuredEnergy = 0;
  let measuredDistance = 0;
  for (const journey of journeys) {
    if (finite(journey.distanceTravelledKm)) totals.distanceKm += journey.distanceTravelledKm;
    if (finite(journey.energyUsedKwh)) totals.energyKwh += journey.energyUsedKwh;
    if (finite(journey.socUsed)) totals.socUsed += journey.socUsed;
    totals.durationMinutes += journeyDurationMinutes(journey) ?? 0;
    const { energyUsedKwh: energy, distanceTravelledKm: distance } = journey;
    if (finite(energy) && finite(distance) && efficiencyKwhPer100Km(energy, distance) !== null) {
      measuredEnergy += energy;
      measuredDistance += distance;
    }
  }
  return { ...totals, efficiencyKwhPer100Km: efficiencyKwhPer100Km(measuredEnergy, measuredDistance) };
}

export type JourneyDay = { day: string; count: number; distanceKm: number; energyKwh: number };

/**
 * Distance and energy per calendar day of the journeys' start, in `timeZone`, oldest day first.
 * With `range`, every day of it is present (zero when nothing was driven), so a chart shows gaps.
 */
export function journeysPerDay(journeys: readonly JourneyNumbers[], timeZone: string, range?: { from: string; to: string }): JourneyDay[] {
  const days = new Map<string, JourneyDay>();
  if (range) for (const day of daysBetween(range.from, range.to)) days.set(day, { day, count: 0, distanceKm: 0, energyKwh: 0 });
  for (const journey of journeys) {
    const day = dayKeyOf(journey.startTimestamp, timeZone);
    if (!day) continue;
    let entry = days.get(day);
    if (!entry) {
      if (range) continue;
      entry = { day, count: 0, distanceKm: 0, energyKwh: 0 };
      days.set(day, entry);
    }
    entry.count += 1;
    if (finite(journey.distanceTravelledKm)) entry.distanceKm += journey.distanceTravelledKm;
    if (finite(journey.energyUsedKwh)) entry.energyKwh += journey.energyUsedKwh;
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** The contract's list filter for journeys that started within [from, to] (ISO instants, both optional). */
export const journeyDateFilter = (from?: string, to?: string) => startedWithin('startTimestamp', from, to);

/** The export's header: distances and efficiency in the person's unit, times in UTC. */
export function journeyCsvHeader(unit: DistanceUnit = 'km'): string[] {
  const d = DISTANCE_LABEL[unit];
  return [
    'id',
    'start (UTC)',
    'stop (UTC)',
    `distance (${d})`,
    'energy used (kWh)',
    'state of charge used (%)',
    'state of charge at start (%)',
    'state of charge at end (%)',
    `efficiency (kWh/100 ${d})`,
    `odometer at start (${d})`,
    `odometer at end (${d})`,
  ];
}

const rounded = (value: number | null, digits: number) => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits);

export function journeyCsvValues(
  journey: JourneyNumbers & {
    id: string;
    socStart?: Figure;
    socEnd?: Figure;
    odometerStart?: Figure;
    odometerEnd?: Figure;
  },
  unit: DistanceUnit = 'km',
) {
  const efficiency = efficiencyKwhPer100Km(journey.energyUsedKwh, journey.distanceTravelledKm);
  // Kilometres (and a figure that is no number) go out as they came; converted figures are rounded to what the source can carry.
  const distance = (km: Figure, digits: number) =>
    unit === 'km' || typeof km === 'string' ? km : rounded(convertDistance(km, unit), digits);
  return [
    journey.id,
    journey.startTimestamp,
    journey.stopTimestamp,
    distance(journey.distanceTravelledKm, 3),
    journey.energyUsedKwh,
    journey.socUsed,
    journey.socStart,
    journey.socEnd,
    rounded(convertPerDistance(efficiency, unit), 1),
    distance(journey.odometerStart, 1),
    distance(journey.odometerEnd, 1),
  ];
}
