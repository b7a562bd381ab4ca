import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { setBounded } from '@/lib/bounded-map';
import { makeLabel } from '@/lib/contract/makes';
import { getDb, type Db } from '@/lib/db';
import { findPlatformAlertReads, savePlatformAlertRead } from '@/lib/db/repos/platform-alert-reads';
import { listAlertStepTicks } from '@/lib/db/repos/alert-step-ticks';
import type { PlatformAlertRead } from '@/lib/db/schema';
import { answeredError } from '@/lib/bff/error-response';
import { logger } from '@/lib/ops/log';
import { isVehicleApiError, paginate, type VehicleApi } from '@/lib/vehicle-api';
import {
  ALERTS_TTL_MS,
  compareAlerts,
  toAlertView,
  withTicks,
  type AlertIn,
  type AlertsReadMeta,
  type FleetAlertView,
  type FleetAlertsResponse,
  type PlatformAlertView,
  type VehicleAlertsResponse,
} from '@/lib/alerts/platform-alerts';

/**
 * Platform alerts read through a per-vehicle cache in the database (`platform_alert_reads`): the
 * upstream is asked about a vehicle at most once per `ALERTS_TTL_MS` whoever looks (the vehicle's
 * inbox, the fleet's, any instance). The service has no fleet-wide alerts read, so the fleet inbox
 * walks the vehicles list (one call per 100 vehicles, remembered for the same TTL) and reads at most
 * `FLEET_BATCH` stale vehicles per request; the page asks again while some remain.
 */

/** The most pages of one vehicle's alerts read in one go (100 each). */
const MAX_ALERT_PAGES = 5;
/** Stale vehicles read per fleet request, and how many at once. */
export const FLEET_BATCH = 50;
const FLEET_CONCURRENCY = 5;
/** A vehicle whose read failed is not asked again for this long (its failure is reported meanwhile). */
const FAILURE_BACKOFF_MS = 60_000;
const MAX_ENTRIES = 1_000;

async function readAllAlerts(api: VehicleApi, vehicleId: string) {
  const alerts: AlertIn[] = [];
  let pageToken: string | undefined;
  let requestId: string | null = null;
  for (let page = 0; page < MAX_ALERT_PAGES; page++) {
    const response = await api.listPlatformAlerts(vehicleId, { maxPageSize: 100, pageToken });
    requestId ??= response.requestId ?? null;
    alerts.push(...response.data.alerts);
    pageToken = response.data.nextPageToken ?? undefined;
    if (!pageToken) break;
  }
  return { alerts, requestId };
}

const fresh = (row: PlatformAlertRead | undefined, now: Date) => !!row && now.getTime() - row.fetchedAt.getTime() < ALERTS_TTL_MS;

function viewsOf(row: Pick<PlatformAlertRead, 'alerts' | 'vehicleId'>): PlatformAlertView[] {
  return (row.alerts as AlertIn[]).map((alert) => toAlertView(alert, row.vehicleId));
}

async function refresh(db: Db, organizationId: string, api: VehicleApi, vehicleId: string, now: Date) {
  const { alerts, requestId } = await readAllAlerts(api, vehicleId);
  return savePlatformAlertRead(db, { organizationId, vehicleId, alerts, upstreamRequestId: requestId, fetchedAt: now });
}

/** One vehicle's alerts: from the last read while it is younger than the TTL, else from the upstream. */
export async function loadVehicleAlerts(
  db: Db,
  organizationId: string,
  api: VehicleApi,
  vehicleId: string,
  now = new Date(),
): Promise<{ alerts: PlatformAlertView[]; read: AlertsReadMeta }> {
  const [cached] = await findPlatformAlertReads(db, organizationId, [vehicleId]);
  const row = fresh(cached, now) ? cached : await refresh(db, organizationId, api, vehicleId, now);
  const ticks = await listAlertStepTicks(db, organizationId, [vehicleId]);
  return {
    alerts: withTicks(viewsOf(row), ticks).sort(compareAlerts),
    read: { fetchedAt: row.fetchedAt.toISOString(), requestId: row.upstreamRequestId ?? null, cached: row === cached },
  };
}

export type RosterVehicle = { id: string; label: string; vin: string | null };
type Roster = { at: number; vehicles: Promise<RosterVehicle[]> };

const ROSTERS = Symbol.for('motorpool.alertRosters');
const FAILURES = Symbol.for('motorpool.alertReadFailures');
function processMap<V>(key: symbol): Map<string, V> {
  const store = globalThis as typeof globalThis & Record<symbol, Map<string, V> | undefined>;
  return (store[key] ??= new Map());
}

function vehicleLabel(v: {
  registrationPlate?: string | null;
  make?: string | null;
  model?: string | null;
  vin?: string | null;
  id: string;
}) {
  const name = [v.make ? makeLabel(v.make) : null, v.model].filter(Boolean).join(' ');
  return [v.registrationPlate, name].filter(Boolean).join(' · ') || v.vin || v.id;
}

/** The organization's vehicles, remembered per process for the TTL (a cache, not state). */
function roster(organizationId: string, api: VehicleApi, now: number): Promise<RosterVehicle[]> {
  const hit = processMap<Roster>(ROSTERS).get(organizationId);
  if (hit && now - hit.at < ALERTS_TTL_MS) return hit.vehicles;
  const vehicles = (async () => {
    const list: RosterVehicle[] = [];
    for await (const page of paginate(api.listVehicles, { maxPageSize: 100 }, { onRestart: () => (list.length = 0) })) {
      for (const v of page.data.results) list.push({ id: v.id, label: vehicleLabel(v), vin: v.vin ?? null });
    }
    return list;
  })().catch((error) => {
    processMap<Roster>(ROSTERS).delete(organizationId);
    throw error;
  });
  setBounded(processMap<Roster>(ROSTERS), organizationId, { at: now, vehicles }, MAX_ENTRIES);
  return vehicles;
}

async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/**
 * What the page says of a vehicle whose alerts could not be read: what an answer would have said
 * (`answeredError`), so a fault of Motorpool's own (the database's SQL and values) goes to the log only.
 */
function failureMessage(error: unknown, organizationId: string, vehicleId: string): string {
  if (!isVehicleApiError(error))
    logger().error({ event: 'alerts.read_failed', organizationId, vehicleId, err: error }, 'could not keep a vehicle’s alerts');
  return answeredError(error).message;
}

/** Every vehicle's alerts from the cache, reading at most `FLEET_BATCH` stale vehicles from the upstream. */
export async function loadFleetAlerts(db: Db, organizationId: string, api: VehicleApi, now = new Date()): Promise<FleetAlertsResponse> {
  const vehicles = await roster(organizationId, api, now.getTime());
  const rows = new Map((await findPlatformAlertReads(db, organizationId)).map((r) => [r.vehicleId, r]));
  const failures = processMap<{ at: number; message: string }>(FAILURES);
  const failureOf = (id: string) => {
    const f = failures.get(`${organizationId}:${id}`);
    return f && now.getTime() - f.at < FAILURE_BACKOFF_MS ? f : null;
  };
  const stale = vehicles.filter((v) => !fresh(rows.get(v.id), now) && !failureOf(v.id));
  let vehiclesRead = 0;
  await inBatches(stale.slice(0, FLEET_BATCH), FLEET_CONCURRENCY, async (v) => {
    try {
      vehiclesRead += 1;
      rows.set(v.id, { ...(await refresh(db, organizationId, api, v.id, now)), upstreamRequestId: null });
      failures.delete(`${organizationId}:${v.id}`);
    } catch (error) {
      setBounded(
        failures,
        `${organizationId}:${v.id}`,
        { at: now.getTime(), message: failureMessage(error, organizationId, v.id) },
        MAX_ENTRIES,
      );
    }
  });
  const alerts: FleetAlertView[] = [];
  let oldest: Date | null = null;
  let pending = 0;
  const failed: FleetAlertsResponse['failed'] = [];
  for (const v of vehicles) {
    const row = rows.get(v.id);
    const failure = failureOf(v.id);
    if (failure) failed.push({ vehicleId: v.id, label: v.label, message: failure.message });
    if (!row) {
      if (!failure) pending += 1;
      continue;
    }
    if (!fresh(row, now) && !failure) pending += 1;
    if (!oldest || row.fetchedAt < oldest) oldest = row.fetchedAt;
    for (const alert of viewsOf(row)) alerts.push({ ...alert, vehicle: { id: v.id, label: v.label, vin: v.vin } });
  }
  const ticks = alerts.length ? await listAlertStepTicks(db, organizationId) : [];
  return {
    alerts: withTicks(alerts, ticks).sort(compareAlerts),
    vehicles: vehicles.length,
    pending,
    failed,
    oldestReadAt: oldest?.toISOString() ?? null,
    vehiclesRead,
  };
}

/** The vehicle page's inbox, as the route answers it (the upstream request id of the read it shows). */
export async function vehicleAlertsOf(org: Org, vehicleId: string): Promise<VehicleAlertsResponse> {
  const { alerts, read } = await loadVehicleAlerts(getDb(), org.id, await orgVehicleApi(org), vehicleId);
  return { alerts, read, requestId: read.requestId, durationMs: null };
}

/** The fleet's inbox, as the route answers it. */
export async function fleetAlertsOf(org: Org): Promise<FleetAlertsResponse> {
  return loadFleetAlerts(getDb(), org.id, await orgVehicleApi(org));
}
