import type { PeriodKind } from './period';

/** A report as the API answers it: every figure from the history store, none from the upstream. */

export interface ReportFigures {
  distanceKm: number;
  drivingSeconds: number;
  journeys: number;
  energyChargedKwh: number;
  chargingSessions: number;
}

export interface ReportRow extends ReportFigures {
  vehicleId: string;
  vin: string | null;
  plate: string | null;
  name: string | null;
  /** Days with data but no journey. */
  idleDays: number;
  /** Days of the period (so far) with nothing stored: no journey, no charging session, no reading. */
  daysWithoutData: number;
  /** The first and last state of health (%) read within the period; null when none was. */
  healthStart: number | null;
  healthEnd: number | null;
  /** The charging sessions' cost under the organization's tariff (`ReportView.currency`); null without a tariff. */
  chargingCost: number | null;
}

export interface ReportTotal extends ReportFigures {
  vehicles: number;
  idleDays: number;
  daysWithoutData: number;
  /** The mean over the vehicles that have one. */
  healthStart: number | null;
  healthEnd: number | null;
  /** The sum over the vehicles; null without a tariff. */
  chargingCost: number | null;
}

export interface ReportDay extends ReportFigures {
  day: string;
}

/** Why a vehicle's history of the period is not complete. */
export const MISSING_WORDS = {
  pending: 'not yet gathered',
  catching_up: 'still being gathered',
  no_consent: 'no consent for their history',
  disconnected: 'disconnected',
  not_listening: 'not listening',
  error: 'the upstream refused (asked again later)',
};
export type MissingReason = keyof typeof MISSING_WORDS;

export interface ReportCoverage {
  vehicles: number;
  /** Vehicles whose journeys and charging sessions of the period are all stored. */
  completeVehicles: number;
  /** UTC days of the period so far. */
  days: number;
  /** Vehicle-days with anything stored, of vehicles × days. */
  vehicleDaysWithData: number;
  missing: { reason: MissingReason; vehicles: number }[];
}

export interface ReportCoverageRow {
  vehicleId: string;
  days: number;
  daysWithData: number;
  journeys: string;
  charging: string;
  reason: MissingReason | null;
  /** The vehicle's history backfill, when one was asked for (its state and start). */
  backfill: { status: 'queued' | 'gathering' | 'done' | 'failed'; from: string; reason: string | null } | null;
}

export interface ReportView {
  period: { kind: PeriodKind; key: string; label: string; from: string; to: string; elapsedTo: string };
  scope: { type: 'all' } | { type: 'tag'; key: string; value: string } | { type: 'view'; viewId: string; name: string | null };
  rows: ReportRow[];
  total: ReportTotal;
  days: ReportDay[];
  coverage: ReportCoverage;
  coverageRows: ReportCoverageRow[];
  /** The currency (ISO 4217) of the organization's charging tariff the costs are in; null: no tariff, no cost. */
  currency: string | null;
}

export type FigureKey = keyof ReportFigures;

/** The figures drawn over time, in the table's order, with their unit. */
export const FIGURES: { key: FigureKey; label: string; unit: string }[] = [
  { key: 'distanceKm', label: 'Distance', unit: 'km' },
  { key: 'drivingSeconds', label: 'Driving time', unit: 'h' },
  { key: 'journeys', label: 'Journeys', unit: '' },
  { key: 'energyChargedKwh', label: 'Energy charged', unit: 'kWh' },
  { key: 'chargingSessions', label: 'Charging sessions', unit: '' },
];

/** A figure as the chart and the CSV give it: driving time in hours, the rest as stored, rounded to 0.1. */
export function figureValue(figures: ReportFigures, key: FigureKey): number {
  const value = key === 'drivingSeconds' ? figures.drivingSeconds / 3600 : figures[key];
  return Math.round(value * 10) / 10;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The one line that says how complete the period is: vehicles and days covered, what is missing and why. */
export function coverageSentence(c: ReportCoverage): string {
  if (c.vehicles === 0) return 'No vehicle in this scope.';
  const vehicleDays = c.vehicles * c.days;
  const share = vehicleDays === 0 ? 0 : Math.round((c.vehicleDaysWithData / vehicleDays) * 100);
  const head = `${c.completeVehicles} of ${plural(c.vehicles, 'vehicle')} fully gathered for this period; ${c.vehicleDaysWithData} of ${plural(vehicleDays, 'vehicle-day')} have data (${share}%).`;
  if (c.missing.length === 0) return head;
  const missing = c.missing.map((m) => `${plural(m.vehicles, 'vehicle')} ${MISSING_WORDS[m.reason]}`).join(', ');
  return `${head} Missing: ${missing}.`;
}

/** The query string of a report's API and CSV (and the page's URL): the period and the scope. */
export function reportSearch(input: { period?: string | null; tagKey?: string | null; tagValue?: string | null; view?: string | null }) {
  const search = new URLSearchParams();
  if (input.period) search.set('period', input.period);
  if (input.tagKey && input.tagValue) {
    search.set('tagKey', input.tagKey);
    search.set('tagValue', input.tagValue);
  } else if (input.view) search.set('view', input.view);
  return search.toString();
}
