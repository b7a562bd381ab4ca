import 'server-only';
import { csvResponse } from '@/lib/csv';
import { getDb } from '@/lib/db';
import { getSnapshot } from '@/lib/db/repos/vehicle-snapshots';
import { storedJourneys } from '@/lib/history/server/history-queries';
import { LOGBOOK_CSV_HEADER, logbookCsvValues, logbookEntry, type LogbookEntry } from '@/lib/reports/logbook';
import { periodLabel } from '@/lib/reports/period';
import { FIGURES, figureValue, type ReportRow, type ReportTotal, type ReportView } from '@/lib/reports/report';
import type { LogbookQuery, ReportExportQuery, ReportTable } from '@/lib/reports/schemas';
import { buildReport, reportPeriod, type ReportDeps } from './build-report';
import type { OrgAccess } from '@/lib/org/org-access';

type Access = Pick<OrgAccess, 'org' | 'user'>;

const round = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

const VEHICLE_HEADER = [
  'vehicle_id',
  'vin',
  'registration_plate',
  'distance_km',
  'driving_hours',
  'journeys',
  'energy_charged_kwh',
  'charging_sessions',
  'charging_cost',
  'currency',
  'idle_days',
  'days_without_data',
  'battery_health_start_pct',
  'battery_health_end_pct',
];

function vehicleValues(row: ReportRow | (ReportTotal & { vehicleId: string; vin: null; plate: null }), currency: string | null): unknown[] {
  return [
    row.vehicleId,
    row.vin,
    row.plate,
    round(row.distanceKm),
    round(row.drivingSeconds / 3600),
    row.journeys,
    round(row.energyChargedKwh),
    row.chargingSessions,
    round(row.chargingCost),
    row.chargingCost === null ? null : currency,
    row.idleDays,
    row.daysWithoutData,
    row.healthStart,
    row.healthEnd,
  ];
}

/** A report's table as CSV rows (after its header): per vehicle then the total, per day, or the coverage per vehicle. */
export function reportTableCsv(report: ReportView, table: ReportTable): { header: string[]; rows: unknown[][] } {
  if (table === 'vehicles')
    return {
      header: VEHICLE_HEADER,
      rows: [
        ...report.rows.map((row) => vehicleValues(row, report.currency)),
        vehicleValues({ ...report.total, vehicleId: 'TOTAL', vin: null, plate: null }, report.currency),
      ],
    };
  if (table === 'days')
    return {
      header: ['day_utc', ...FIGURES.map((f) => `${f.key === 'drivingSeconds' ? 'driving_hours' : snake(f.key)}`)],
      rows: report.days.map((d) => [d.day, ...FIGURES.map((f) => figureValue(d, f.key))]),
    };
  return {
    header: ['vehicle_id', 'days', 'days_with_data', 'journeys', 'charging', 'missing_because', 'backfill', 'backfill_from'],
    rows: report.coverageRows.map((c) => [
      c.vehicleId,
      c.days,
      c.daysWithData,
      c.journeys,
      c.charging,
      c.reason,
      c.backfill?.status ?? null,
      c.backfill?.from ?? null,
    ]),
  };
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

async function* each(rows: unknown[][]) {
  yield* rows;
}

/** One table of the report as a CSV download named after the period and the table. */
export async function exportReport(access: Access, query: ReportExportQuery, deps?: ReportDeps): Promise<Response> {
  const report = await buildReport(access, query, deps);
  const { header, rows } = reportTableCsv(report, query.table);
  return csvResponse(`report-${report.period.key}-${query.table}.csv`, header, each(rows));
}

export interface LogbookView {
  vehicleId: string;
  vin: string | null;
  plate: string | null;
  period: { key: string; label: string };
  entries: LogbookEntry[];
  totalKm: number;
}

/** One vehicle's journeys of the period as stored, oldest first: the mileage logbook. */
export async function readLogbook(access: Access, vehicleId: string, query: LogbookQuery, now = new Date()): Promise<LogbookView> {
  const db = getDb();
  const period = reportPeriod(query.period, now);
  const [journeys, snapshot] = await Promise.all([
    storedJourneys(db, access.org.id, vehicleId, period),
    getSnapshot(db, access.org.id, vehicleId),
  ]);
  const entries = journeys.map(logbookEntry).reverse();
  return {
    vehicleId,
    vin: snapshot?.vin ?? null,
    plate: snapshot?.registrationPlate ?? null,
    period: { key: period.key, label: periodLabel(period) },
    entries,
    totalKm: entries.reduce((n, e) => n + (e.distanceKm ?? 0), 0),
  };
}

export async function exportLogbook(access: Access, vehicleId: string, query: LogbookQuery): Promise<Response> {
  const logbook = await readLogbook(access, vehicleId, query);
  return csvResponse(`logbook-${vehicleId}-${logbook.period.key}.csv`, LOGBOOK_CSV_HEADER, each(logbook.entries.map(logbookCsvValues)));
}
