/**
 * The one place figures are turned into the units a person chose: distances (and what is per
 * distance), temperatures and pressures. Vehicle data arrives in km, °C and kPa; every view and
 * export converts here, so a page and its CSV always agree.
 */
import { figureText, formatNumber, withUnit, type Figure } from '@/lib/format/figures';

import type { DistanceUnit, PressureUnit, TemperatureUnit } from './preferences';

const KM_PER_MILE = 1.609344;
const KPA_PER_PSI = 6.894757293168361;

export const DISTANCE_LABEL: Record<DistanceUnit, string> = { km: 'km', mi: 'mi' };
export const TEMPERATURE_LABEL: Record<TemperatureUnit, string> = { c: '°C', f: '°F' };
export const PRESSURE_LABEL: Record<PressureUnit, string> = { kpa: 'kPa', psi: 'psi' };

type Num = number | null | undefined;
const finite = (value: Num): value is number => typeof value === 'number' && Number.isFinite(value);

/** A distance in km (or in an upstream unit naming miles) in the chosen unit. */
export function convertDistance(value: Num, unit: DistanceUnit, from: string | null | undefined = 'km'): number | null {
  if (!finite(value)) return null;
  const km = from && /^(mi|mile|miles)$/i.test(from) ? value * KM_PER_MILE : value;
  return unit === 'mi' ? km / KM_PER_MILE : km;
}

/** kWh per 100 km as kWh per 100 of the chosen unit. */
export function convertPerDistance(perHundredKm: Num, unit: DistanceUnit): number | null {
  if (!finite(perHundredKm)) return null;
  return unit === 'mi' ? perHundredKm * KM_PER_MILE : perHundredKm;
}

export function convertTemperature(celsius: Num, unit: TemperatureUnit): number | null {
  if (!finite(celsius)) return null;
  return unit === 'f' ? (celsius * 9) / 5 + 32 : celsius;
}

/** A pressure in kPa (or in an upstream unit naming psi or bar) in the chosen unit. */
export function convertPressure(value: Num, unit: PressureUnit, from: string | null | undefined = 'kpa'): number | null {
  if (!finite(value)) return null;
  const f = (from ?? 'kpa').toLowerCase();
  const kpa = f === 'psi' ? value * KPA_PER_PSI : f === 'bar' ? value * 100 : value;
  return unit === 'psi' ? kpa / KPA_PER_PSI : kpa;
}

/** A pressure threshold the person typed in their unit, as kPa for the snapshot filters. */
export function pressureToKpa(value: number, unit: PressureUnit): number {
  return unit === 'psi' ? value * KPA_PER_PSI : value;
}

const text = (value: number | null, label: string, digits: number) => {
  const number = formatNumber(value, digits);
  return number === null ? '—' : label.startsWith('°') ? `${number}${label}` : `${number} ${label}`;
};

const DISTANCE_SPELLINGS = /^(km|kilometers?|kilometres?|mi|miles?)$/i;
const PRESSURE_SPELLINGS = /^(kpa|psi|bar)$/i;

/** A distance in the chosen unit; one in a unit this module does not know, or no number at all, stays as it came. */
export function formatDistance(value: Figure, unit: DistanceUnit, digits = 1, from?: string | null): string {
  if (typeof value === 'string') return figureText(value, from);
  if (from && !DISTANCE_SPELLINGS.test(from)) return withUnit(value, from, digits);
  return text(convertDistance(value, unit, from), DISTANCE_LABEL[unit], digits);
}

export function formatTemperature(celsius: Figure, unit: TemperatureUnit, digits = 1): string {
  if (typeof celsius === 'string') return figureText(celsius, null);
  return text(convertTemperature(celsius, unit), TEMPERATURE_LABEL[unit], digits);
}

export function formatPressure(value: Figure, unit: PressureUnit, digits = 1, from?: string | null): string {
  if (typeof value === 'string') return figureText(value, from);
  if (from && !PRESSURE_SPELLINGS.test(from)) return withUnit(value, from, digits);
  return text(convertPressure(value, unit, from), PRESSURE_LABEL[unit], digits);
}

export function efficiencyLabel(unit: DistanceUnit): string {
  return `kWh/100 ${DISTANCE_LABEL[unit]}`;
}

export function formatEfficiency(perHundredKm: Num, unit: DistanceUnit): string {
  return text(convertPerDistance(perHundredKm, unit), efficiencyLabel(unit), 1);
}
