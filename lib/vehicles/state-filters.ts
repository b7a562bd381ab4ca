/**
 * Filters on the fleet snapshot (what the vehicles last reported), as URL parameters of the
 * vehicles list. They combine with the upstream's JSON filter and tag filter: the snapshot picks
 * the vehicles, the upstream filters and returns them.
 */
import { formatPressure } from '@/lib/format/units';
import type { PressureUnit } from '@/lib/format/preferences';
import type { StateFilterParam } from '@/lib/vehicles/state-filter-params';

export type StateFilters = {
  /** State of charge below this percentage. */
  socBelow?: number;
  charging?: boolean;
  pluggedIn?: boolean;
  /** Not reported (the vehicle's last-seen time) for more than this many hours. */
  staleHours?: number;
  /** The lowest tire below this pressure (kPa). */
  tiresBelow?: number;
  /** Battery state of health below this percentage (read about once a day; vehicles without a figure never match). */
  healthBelow?: number;
  /** Marked by an active platform alert the Vehicle API pushed (`alert.updated`). */
  withAlerts?: boolean;
};

/** Charging states in which a cable is in: every state but unplugged and unknown. */
export const PLUGGED_IN_STATES = ['STARTING', 'CHARGING', 'COMPLETE', 'CONNECTED', 'NO_POWER', 'STOPPED'] as const;
export const CHARGING_STATES = ['STARTING', 'CHARGING'] as const;

export function hasStateFilters(filters: StateFilters): boolean {
  return Object.values(filters).some((v) => v !== undefined && v !== false);
}

/** The active filters in words, for chips and captions. */
export function describeStateFilters(filters: StateFilters, pressure: PressureUnit = 'kpa'): { param: StateFilterParam; label: string }[] {
  const out: { param: StateFilterParam; label: string }[] = [];
  if (filters.socBelow !== undefined) out.push({ param: 'socBelow', label: `Charge below ${filters.socBelow}%` });
  if (filters.charging) out.push({ param: 'charging', label: 'Charging now' });
  if (filters.pluggedIn) out.push({ param: 'plugged', label: 'Plugged in' });
  if (filters.staleHours !== undefined) out.push({ param: 'staleHours', label: `Not reported for ${filters.staleHours} h` });
  if (filters.tiresBelow !== undefined)
    out.push({ param: 'tiresBelow', label: `A tire below ${formatPressure(filters.tiresBelow, pressure, 0)}` });
  if (filters.healthBelow !== undefined) out.push({ param: 'healthBelow', label: `Battery health below ${filters.healthBelow}%` });
  if (filters.withAlerts) out.push({ param: 'alerts', label: 'Has open alerts' });
  return out;
}

const whole = (raw: string | null | undefined, min: number, max: number): number | undefined => {
  if (!raw || !/^\d+$/.test(raw.trim())) return undefined;
  const value = Number(raw.trim());
  return value >= min && value <= max ? value : undefined;
};

/** Reads the filters from URL parameters; a value out of range is ignored, as the route refuses it. */
export function readStateFilters(params: { get(name: string): string | null }): StateFilters {
  return {
    socBelow: whole(params.get('socBelow'), 1, 100),
    charging: params.get('charging') === '1' || undefined,
    pluggedIn: params.get('plugged') === '1' || undefined,
    staleHours: whole(params.get('staleHours'), 1, 8760),
    tiresBelow: whole(params.get('tiresBelow'), 50, 500),
    healthBelow: whole(params.get('healthBelow'), 1, 100),
    withAlerts: params.get('alerts') === '1' || undefined,
  };
}

/** The URL parameters of a set of filters (undefined removes one). */
export function writeStateFilters(filters: StateFilters): Record<StateFilterParam, string | undefined> {
  return {
    socBelow: filters.socBelow?.toString(),
    charging: filters.charging ? '1' : undefined,
    plugged: filters.pluggedIn ? '1' : undefined,
    staleHours: filters.staleHours?.toString(),
    tiresBelow: filters.tiresBelow?.toString(),
    healthBelow: filters.healthBelow?.toString(),
    alerts: filters.withAlerts ? '1' : undefined,
  };
}
