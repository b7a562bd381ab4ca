import 'server-only';
import { getDb, type Db } from '@/lib/db';
import { listBackfills } from '@/lib/db/repos/history/backfills';
import { findView } from '@/lib/db/repos/saved-views';
import { listSnapshots } from '@/lib/db/repos/vehicle-snapshots';
import type { NotificationScope } from '@/lib/db/schema';
import { invalidField } from '@/lib/errors/app-error';
import {
  chargingCostByVehicle,
  fleetSeries,
  fleetTotal,
  periodCoverage,
  vehicleActivity,
  vehicleTotals,
  type KindCoverage,
  type VehicleCoverage,
} from '@/lib/history/server/history-queries';
import { organizationApi, vehiclesInScope, type ScopeApiFor } from '@/lib/notifications/server/rule-scope';
import type { OrgAccess } from '@/lib/org/org-access';
import { currentMonthKey, daysOf, elapsedPart, parsePeriod, periodLabel, type ReportPeriod } from '@/lib/reports/period';
import type { MissingReason, ReportCoverage, ReportCoverageRow, ReportDay, ReportRow, ReportTotal, ReportView } from '@/lib/reports/report';
import type { ReportQuery } from '@/lib/reports/schemas';

export interface ReportDeps {
  db: Db;
  now: Date;
  /** The organization's upstream client, for a tag's vehicles (the contract lists tags on the vehicle list only). */
  apiFor: ScopeApiFor;
}

const defaults = (): ReportDeps => ({ db: getDb(), now: new Date(), apiFor: organizationApi });

/** The period the query names, or the current month. */
export function reportPeriod(period: string | undefined, now: Date): ReportPeriod {
  const parsed = parsePeriod(period ?? currentMonthKey(now));
  if ('problem' in parsed) throw invalidField('period', parsed.problem, { where: 'query' });
  return parsed.period;
}

type Access = Pick<OrgAccess, 'org' | 'user'>;

async function resolveScope(access: Access, query: ReportQuery, deps: ReportDeps) {
  if (query.tagKey !== undefined && query.tagValue !== undefined) {
    const scope: NotificationScope = { type: 'tag', key: query.tagKey, value: query.tagValue };
    return { view: scope, ids: await vehiclesInScope(deps.db, access.org.id, scope, deps.apiFor, deps.now) };
  }
  if (query.view !== undefined) {
    const view = await findView(deps.db, access.org.id, query.view);
    // Someone else's private view is not theirs to read, nor to learn of.
    if (!view || (!view.shared && view.ownerId !== access.user.id)) throw invalidField('view', 'Choose a saved view', { where: 'query' });
    const scope: NotificationScope = { type: 'view', viewId: view.id };
    return { view: { ...scope, name: view.name }, ids: await vehiclesInScope(deps.db, access.org.id, scope, deps.apiFor, deps.now) };
  }
  return { view: { type: 'all' as const }, ids: null };
}

/** Why a vehicle's period is not all stored, or null when it is. */
function missingReason(coverage: VehicleCoverage | undefined): MissingReason | null {
  if (!coverage) return 'pending';
  const kinds: KindCoverage[] = [coverage.journeys, coverage.charging];
  if (kinds.every((k) => k.complete)) return null;
  for (const k of kinds) if (!k.complete && k.status !== 'ok') return k.status;
  return 'catching_up';
}

const kindWords = (k: KindCoverage | undefined) =>
  !k
    ? 'not yet gathered'
    : k.complete
      ? 'complete'
      : k.status === 'ok'
        ? 'being gathered'
        : k.reason
          ? `${k.status}: ${k.reason}`
          : k.status;

const mean = (values: number[]) => (values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10);

/**
 * A fleet report for the period and scope, read from the history store only: per vehicle and in
 * total the figures, per day the same sums (the charts), and how complete the period is. The
 * period counts its days up to today; a vehicle of the scope without any history is listed with
 * nothing and said to be not yet gathered.
 */
export async function buildReport(access: Access, query: ReportQuery, deps: ReportDeps = defaults()): Promise<ReportView> {
  const period = reportPeriod(query.period, deps.now);
  const elapsed = elapsedPart(period, deps.now);
  const orgId = access.org.id;
  const [scope, totals, coverage, activity, snapshots, costs, backfills] = await Promise.all([
    resolveScope(access, query, deps),
    vehicleTotals(deps.db, orgId, elapsed),
    periodCoverage(deps.db, orgId, elapsed),
    vehicleActivity(deps.db, orgId, elapsed),
    listSnapshots(deps.db, orgId),
    chargingCostByVehicle(deps.db, orgId, elapsed),
    listBackfills(deps.db, orgId),
  ]);
  const costOf = new Map(costs.vehicles.map((c) => [c.vehicleId, c.cost]));
  const priced = costs.tariff !== null;
  const totalsOf = new Map(totals.map((t) => [t.vehicleId, t]));
  const coverageOf = new Map(coverage.map((c) => [c.vehicleId, c]));
  const snapshotOf = new Map(snapshots.map((s) => [s.vehicleId, s]));
  const activityOf = new Map(activity.map((a) => [a.vehicleId, a]));
  const ids = scope.ids ?? new Set([...snapshotOf.keys(), ...coverageOf.keys(), ...totalsOf.keys()]);
  const dayCount = daysOf(elapsed).length;

  const rows: ReportRow[] = [...ids].map((vehicleId) => {
    const t = totalsOf.get(vehicleId);
    const snapshot = snapshotOf.get(vehicleId);
    const a = activityOf.get(vehicleId);
    return {
      vehicleId,
      vin: snapshot?.vin ?? null,
      plate: snapshot?.registrationPlate ?? null,
      name: snapshot?.make ? [snapshot.make, snapshot.model].filter(Boolean).join(' ') : null,
      distanceKm: t?.distanceKm ?? 0,
      drivingSeconds: t?.drivingSeconds ?? 0,
      journeys: t?.journeys ?? 0,
      energyChargedKwh: t?.energyChargedKwh ?? 0,
      chargingSessions: t?.chargingSessions ?? 0,
      idleDays: a?.idleDays ?? 0,
      daysWithoutData: a?.daysWithoutData ?? dayCount,
      healthStart: a?.stateOfHealthStart ?? null,
      healthEnd: a?.stateOfHealthEnd ?? null,
      chargingCost: priced ? (costOf.get(vehicleId) ?? 0) : null,
    };
  });
  rows.sort((a, b) => (a.vin ?? a.vehicleId).localeCompare(b.vin ?? b.vehicleId));

  const sums = fleetTotal(rows.map((r) => ({ ...r, energyUsedKwh: 0, energyIntoBatteryKwh: 0 })));
  const total: ReportTotal = {
    vehicles: rows.length,
    distanceKm: sums.distanceKm,
    drivingSeconds: sums.drivingSeconds,
    journeys: sums.journeys,
    energyChargedKwh: sums.energyChargedKwh,
    chargingSessions: sums.chargingSessions,
    idleDays: rows.reduce((n, r) => n + r.idleDays, 0),
    daysWithoutData: rows.reduce((n, r) => n + r.daysWithoutData, 0),
    healthStart: mean(rows.flatMap((r) => (r.healthStart === null ? [] : [r.healthStart]))),
    healthEnd: mean(rows.flatMap((r) => (r.healthEnd === null ? [] : [r.healthEnd]))),
    chargingCost: priced ? rows.reduce((n, r) => n + (r.chargingCost ?? 0), 0) : null,
  };

  const stored = await fleetSeries(deps.db, orgId, elapsed, 'day', scope.ids === null ? undefined : [...scope.ids]);
  const storedOf = new Map(stored.map((d) => [d.start, d]));
  const days: ReportDay[] = daysOf(elapsed).map((day) => {
    const d = storedOf.get(day);
    return {
      day,
      distanceKm: d?.distanceKm ?? 0,
      drivingSeconds: d?.drivingSeconds ?? 0,
      journeys: d?.journeys ?? 0,
      energyChargedKwh: d?.energyChargedKwh ?? 0,
      chargingSessions: d?.chargingSessions ?? 0,
    };
  });

  const coverageRows: ReportCoverageRow[] = rows.map((r) => {
    const c = coverageOf.get(r.vehicleId);
    const b = backfills.get(r.vehicleId);
    return {
      vehicleId: r.vehicleId,
      days: dayCount,
      daysWithData: c?.daysWithData ?? 0,
      journeys: kindWords(c?.journeys),
      charging: kindWords(c?.charging),
      reason: missingReason(c),
      backfill: b ? { status: b.status, from: b.requestedFrom.toISOString().slice(0, 10), reason: b.reason } : null,
    };
  });
  const missing = new Map<MissingReason, number>();
  for (const row of coverageRows) if (row.reason) missing.set(row.reason, (missing.get(row.reason) ?? 0) + 1);
  const summary: ReportCoverage = {
    vehicles: rows.length,
    completeVehicles: coverageRows.filter((r) => r.reason === null).length,
    days: dayCount,
    vehicleDaysWithData: coverageRows.reduce((n, r) => n + Math.min(r.daysWithData, dayCount), 0),
    missing: [...missing].map(([reason, vehicles]) => ({ reason, vehicles })),
  };

  return {
    period: {
      kind: period.kind,
      key: period.key,
      label: periodLabel(period),
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      elapsedTo: elapsed.to.toISOString(),
    },
    scope: scope.view,
    rows,
    total,
    days,
    coverage: summary,
    coverageRows,
    currency: costs.tariff?.currency ?? null,
  };
}
