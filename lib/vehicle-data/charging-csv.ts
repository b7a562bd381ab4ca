import type { Figure } from '@/lib/format/figures';
import { chargingDurationMinutes, type ChargingNumbers } from './charging';
import { startedWithin } from './started-within';

/** A charging session as the export reads it; the upstream may leave any field out. */
export type ChargingCsvSession = ChargingNumbers & {
  id: string;
  startStateOfCharge?: Figure;
  endStateOfCharge?: Figure;
  latitude?: Figure;
  longitude?: Figure;
  kwMedian?: Figure;
  externalTemperature?: Figure;
};

/**
 * The export's header, times in UTC. The contract's session carries no charger type nor cost, so
 * the place is the coordinates the upstream reports.
 */
export const CHARGING_CSV_HEADER = [
  'id',
  'start (UTC)',
  'end (UTC)',
  'duration (min)',
  'energy from the grid (kWh)',
  'energy into the battery (kWh)',
  'state of charge at start (%)',
  'state of charge at end (%)',
  'latitude',
  'longitude',
  'median power (kW)',
  'outside temperature (°C)',
] as const;

/**
 * One CSV row of a session: figures as the upstream sent them (a value that is no number stays
 * the text it came as; lib/csv.ts defuses any that looks like a formula). The duration is computed
 * from start and end; when it cannot be, an unparseable `chargeDuration` goes out as it came.
 */
export function chargingCsvValues(session: ChargingCsvSession): unknown[] {
  const minutes = chargingDurationMinutes(session);
  const duration =
    minutes !== null ? Math.round(minutes * 10) / 10 : typeof session.chargeDuration === 'string' ? session.chargeDuration : null;
  return [
    session.id,
    session.startedAt,
    session.endedAt,
    duration,
    session.kwhFromGrid,
    session.kwhInHvb,
    session.startStateOfCharge,
    session.endStateOfCharge,
    session.latitude,
    session.longitude,
    session.kwMedian,
    session.externalTemperature,
  ];
}

/** The contract's list filter for sessions that started within [from, to] (ISO instants, both optional). */
export const chargingDateFilter = (from?: string, to?: string) => startedWithin('startedAt', from, to);
