import 'server-only';
import type { Db } from '@/lib/db';
import { getGatheringState, listGatheringStates, type GatheringState } from '@/lib/db/repos/history/gathering';
import {
  chargingTotalsByVehicle,
  journeyTotalsByVehicle,
  listChargingForCost,
  listDailyReadings,
  listStoredChargingSessions,
  listStoredJourneys,
  type Period,
} from '@/lib/db/repos/history/reports';
import {
  dayStart,
  rollupActivityByVehicle,
  rollupSeries,
  rollupTotalsByVehicle,
  utcDay,
  type DayTotals,
  type SeriesBucket,
  type SeriesPoint,
} from '@/lib/db/repos/history/rollup';
import { getChargingTariff } from '@/lib/db/repos/tariffs';
import { HISTORY_KINDS, type GatheringStatus, type HistoryKind } from '@/lib/db/schema';
import { chargingCostTotals, type CostTotals } from '@/lib/settings/charging-cost';
import type { Tariff } from '@/lib/settings/tariff';

/**
 * The history store's read side, for reports, exports and the overview: no upstream call. Periods
 * are half-open [from, to) in absolute time; an item counts in the period its start falls in;
 * days are UTC days. Sums and days are read from the per vehicle per day rollup
 * (history_vehicle_days); the part of a period that does not cover a whole UTC day at either end
 * is summed from the raw rows.
 */
export type { Period };

/** A vehicle's figures over a period: the rollup's sums, with the partial days at either end from the raw rows. */
export type VehicleTotals = DayTotals;

const ZERO = {
  journeys: 0,
  distanceKm: 0,
  drivingSeconds: 0,
  energyUsedKwh: 0,
  chargingSessions: 0,
  energyChargedKwh: 0,
  energyIntoBatteryKwh: 0,
};

const DAY = 86_400_000;
const nextDay = (at: Date) => utcDay(new Date(Math.floor((at.getTime() - 1) / DAY) * DAY + DAY));

/**
 * A period cut into the whole UTC days it covers ([fromDay, toDay), none when it covers no whole
 * day) and the parts before and after them, read from the raw rows.
 */
function splitPeriod(period: Period): { fromDay: string; toDay: string; edges: Period[] } {
  const fromDay = nextDay(period.from);
  const toDay = utcDay(period.to);
  if (fromDay >= toDay) return { fromDay, toDay: fromDay, edges: period.from < period.to ? [period] : [] };
  const edges = [
    { from: period.from, to: dayStart(fromDay) },
    { from: dayStart(toDay), to: period.to },
  ].filter((p) => p.from < p.to);
  return { fromDay, toDay, edges };
}

/** Distance, driving time, journeys and energy used and charged per vehicle over the period (vehicles with anything in it), by vehicle id. */
export async function vehicleTotals(db: Db, organizationId: string, period: Period): Promise<VehicleTotals[]> {
  const { fromDay, toDay, edges } = splitPeriod(period);
  const [days, ...parts] = await Promise.all([
    fromDay < toDay ? rollupTotalsByVehicle(db, organizationId, fromDay, toDay) : Promise.resolve([]),
    ...edges.map((edge) =>
      Promise.all([journeyTotalsByVehicle(db, organizationId, edge), chargingTotalsByVehicle(db, organizationId, edge)]),
    ),
  ]);
  const byVehicle = new Map<string, VehicleTotals>();
  const of = (vehicleId: string) => {
    let totals = byVehicle.get(vehicleId);
    if (!totals) byVehicle.set(vehicleId, (totals = { vehicleId, ...ZERO }));
    return totals;
  };
  const add = (vehicleId: string, figures: Partial<typeof ZERO>) => {
    const totals = of(vehicleId);
    for (const [key, value] of Object.entries(figures) as [keyof typeof ZERO, number][]) totals[key] += value;
  };
  for (const { vehicleId, ...figures } of days) add(vehicleId, figures);
  for (const [journeys, charging] of parts) {
    for (const { vehicleId, ...figures } of journeys) add(vehicleId, figures);
    for (const c of charging)
      add(c.vehicleId, { chargingSessions: c.sessions, energyChargedKwh: c.kwhFromGrid, energyIntoBatteryKwh: c.kwhInBattery });
  }
  return [...byVehicle.values()].sort((a, b) => a.vehicleId.localeCompare(b.vehicleId));
}

/** The sum over vehicles. */
export function fleetTotal(rows: readonly VehicleTotals[]): Omit<VehicleTotals, 'vehicleId'> & { vehicles: number } {
  const total = { ...ZERO, vehicles: rows.length };
  for (const row of rows) for (const key of Object.keys(ZERO) as (keyof typeof ZERO)[]) total[key] += row[key];
  return total;
}

/** How far one kind of one vehicle's history is gathered, as far as a period is concerned. */
export interface KindCoverage {
  /** `pending`: never gathered yet. */
  status: GatheringStatus | 'pending';
  reason: string | null;
  /** The store holds every item of this kind that started within the period. */
  complete: boolean;
  /** Every item started before this (and after `coveredFrom`) is stored. */
  completeAt: Date | null;
  coveredFrom: Date | null;
  nextAttemptAt: Date | null;
}

export interface VehicleCoverage {
  vehicleId: string;
  /** UTC days the period touches. */
  days: number;
  /** Days with a journey, a charging session or a daily reading stored. */
  daysWithData: number;
  journeys: KindCoverage;
  charging: KindCoverage;
}

function kindCoverage(state: GatheringState | undefined, period: Period): KindCoverage {
  if (!state) return { status: 'pending', reason: null, complete: false, completeAt: null, coveredFrom: null, nextAttemptAt: null };
  return {
    status: state.status,
    reason: state.reason,
    complete: covers(state, period),
    completeAt: state.completeAt,
    coveredFrom: state.coveredFrom,
    nextAttemptAt: state.nextAttemptAt,
  };
}

/** Whether a gathering state vouches for every item started within the period. */
function covers(state: GatheringState, period: Period): boolean {
  return !!state.coveredFrom && !!state.completeAt && state.coveredFrom <= period.from && state.completeAt >= period.to;
}

const daysIn = (period: Period) => Math.max(0, Math.floor((period.to.getTime() - 1) / DAY) - Math.floor(period.from.getTime() / DAY) + 1);

/** The UTC days a period touches, [fromDay, toDay). */
function touchedDays(period: Period): { fromDay: string; toDay: string } {
  return { fromDay: utcDay(period.from), toDay: period.to > period.from ? nextDay(period.to) : utcDay(period.from) };
}

/**
 * Per vehicle the history knows of (gathered or with data), how complete the period is: days with
 * data, and per kind whether the store holds all of it, or why not (not gathered yet, no consent,
 * disconnected, an error, and when it is asked again).
 */
export async function periodCoverage(db: Db, organizationId: string, period: Period): Promise<VehicleCoverage[]> {
  const [states, activity] = await Promise.all([
    listGatheringStates(db, organizationId),
    rollupActivityByVehicle(db, organizationId, touchedDays(period).fromDay, touchedDays(period).toDay),
  ]);
  const withData = new Map(activity.filter((a) => a.daysWithData > 0).map((a) => [a.vehicleId, a.daysWithData]));
  const vehicleIds = [...new Set([...states.keys(), ...withData.keys()])].sort();
  const days = daysIn(period);
  return vehicleIds.map((vehicleId) => {
    const kinds = states.get(vehicleId) ?? {};
    const [journeys, charging] = HISTORY_KINDS.map((kind) => kindCoverage(kinds[kind], period));
    return { vehicleId, days, daysWithData: withData.get(vehicleId) ?? 0, journeys, charging };
  });
}

/** Whether the store holds every item of this kind of the vehicle that started within the period. */
export async function storeCovers(db: Db, organizationId: string, vehicleId: string, kind: HistoryKind, period: Period): Promise<boolean> {
  const state = await getGatheringState(db, organizationId, vehicleId, kind);
  return !!state && covers(state, period);
}

/** One vehicle's stored charging sessions started within the period, newest first (the upstream's order). */
export const storedChargingSessions = listStoredChargingSessions;
/** One vehicle's stored journeys started within the period, newest first (the logbook's source). */
export const storedJourneys = listStoredJourneys;
/** One vehicle's daily readings within the period, oldest first. */
export const storedDailyReadings = listDailyReadings;

export interface VehicleActivity {
  vehicleId: string;
  /** UTC days the period touches. */
  days: number;
  /** Days with a journey, a charging session or a reading. */
  daysWithData: number;
  /** Days without any data: the vehicle was silent, or its history is not gathered (see `periodCoverage`). */
  daysWithoutData: number;
  daysDriven: number;
  /** Days with data but no journey. */
  idleDays: number;
  /** The period's first state of health (a percentage) and when the vehicle measured it; its last. */
  stateOfHealthStart: number | null;
  stateOfHealthStartAt: Date | null;
  stateOfHealthEnd: number | null;
  stateOfHealthEndAt: Date | null;
}

/**
 * Per vehicle with anything stored in the UTC days the period touches (or per vehicle asked for,
 * `vehicleIds`, stored or not): days with and without data, days driven and idle, battery health
 * at the start and the end.
 */
export async function vehicleActivity(
  db: Db,
  organizationId: string,
  period: Period,
  vehicleIds?: readonly string[],
): Promise<VehicleActivity[]> {
  const { fromDay, toDay } = touchedDays(period);
  const rows = await rollupActivityByVehicle(db, organizationId, fromDay, toDay, vehicleIds);
  const days = daysIn(period);
  const byVehicle = new Map(rows.map((r) => [r.vehicleId, r]));
  const ids = vehicleIds ? [...new Set(vehicleIds)] : [...byVehicle.keys()];
  return ids.sort().map((vehicleId) => {
    const r = byVehicle.get(vehicleId);
    const daysWithData = r?.daysWithData ?? 0;
    const daysDriven = r?.daysDriven ?? 0;
    return {
      vehicleId,
      days,
      daysWithData,
      daysWithoutData: Math.max(0, days - daysWithData),
      daysDriven,
      idleDays: Math.max(0, daysWithData - daysDriven),
      stateOfHealthStart: r?.stateOfHealthStart ?? null,
      stateOfHealthStartAt: r?.stateOfHealthStartAt ?? null,
      stateOfHealthEnd: r?.stateOfHealthEnd ?? null,
      stateOfHealthEndAt: r?.stateOfHealthEndAt ?? null,
    };
  });
}

export type { SeriesBucket, SeriesPoint };

/**
 * The organization's (or some vehicles') figures per day, week (from Monday) or month over the
 * UTC days the period touches, oldest first; buckets without anything stored are absent. For a
 * chart per figure over time and the overview's trends.
 */
export async function fleetSeries(
  db: Db,
  organizationId: string,
  period: Period,
  bucket: SeriesBucket,
  vehicleIds?: readonly string[],
): Promise<SeriesPoint[]> {
  const { fromDay, toDay } = touchedDays(period);
  return rollupSeries(db, organizationId, fromDay, toDay, bucket, vehicleIds);
}

export interface VehicleChargingCost extends CostTotals {
  vehicleId: string;
}

export interface ChargingCosts {
  /** The organization's tariff the costs are computed with; null: none is set, and no cost is given. */
  tariff: Tariff | null;
  /** Per vehicle with a charging session started within the period, by vehicle id. */
  vehicles: VehicleChargingCost[];
  total: CostTotals;
}

/**
 * The cost of each vehicle's charging sessions started within the period under the organization's
 * tariff (its time-of-day bands in its time zone; lib/settings/charging-cost.ts), read from the
 * stored sessions; a session without an energy figure is counted as unpriced.
 */
export async function chargingCostByVehicle(
  db: Db,
  organizationId: string,
  period: Period,
  vehicleIds?: readonly string[],
): Promise<ChargingCosts> {
  const row = await getChargingTariff(db, organizationId);
  const tariff: Tariff | null = row
    ? { currency: row.currency, timeZone: row.timeZone, pricePerKwh: row.pricePerKwh, bands: row.bands }
    : null;
  const empty = (): CostTotals => ({ sessions: 0, unpricedSessions: 0, kwh: 0, cost: 0 });
  if (!tariff) return { tariff, vehicles: [], total: empty() };
  const sessions = await listChargingForCost(db, organizationId, period, vehicleIds);
  const byVehicle = new Map<string, typeof sessions>();
  for (const session of sessions) {
    const list = byVehicle.get(session.vehicleId);
    if (list) list.push(session);
    else byVehicle.set(session.vehicleId, [session]);
  }
  const vehicles = [...byVehicle.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([vehicleId, list]) => ({ vehicleId, ...chargingCostTotals(list, tariff) }));
  const total = empty();
  for (const v of vehicles) for (const key of Object.keys(total) as (keyof CostTotals)[]) total[key] += v[key];
  return { tariff, vehicles, total };
}
