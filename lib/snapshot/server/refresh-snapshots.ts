import 'server-only';
import type { Db } from '@/lib/db';
import {
  lastListedAt,
  listOrganizationIds,
  listRefreshCandidates,
  recordBudget,
  recordReading,
  recordSnapshotError,
  recordStateOfHealth,
  removeSnapshot,
  removeUnlisted,
  upsertRoster,
  type RefreshCandidate,
  type RosterEntry,
  type SnapshotReading,
} from '@/lib/db/repos/vehicle-snapshots';
import { hasWebhookSecret } from '@/lib/db/repos/organizations';
import { lastWebhookEventAt } from '@/lib/db/repos/webhook-events';
import { logger } from '@/lib/ops/log';
import { batteryHealth } from '@/lib/vehicle-data/battery';
import { isVehicleApiError, paginate, type RateLimit, type Telemetry, type VehicleApi } from '@/lib/vehicle-api';
import { upstreamDate } from '@/lib/vehicle-api/upstream-values';
import { dailyFiguresOf, recordDailyReading } from '@/lib/history/server/record-daily-reading';

export interface SnapshotPolicy {
  /** A vehicle's telemetry is read at most this often. */
  intervalMs: number;
  /** Share of the vehicle's COMMANDS_AND_FETCH_STATE budget the snapshot may spend (0..1]. */
  budgetShare: number;
  /** How long a vehicle's budget, as read from /v1/rate-limits, is believed. */
  budgetTtlMs: number;
  /** Telemetry reads in flight at once per organization. */
  concurrency: number;
  /**
   * Events count as arriving for an organization with a signing secret whose last event is more
   * recent than this: its vehicles an event refreshed within `intervalMs` are not read (polling is
   * the fallback). Unset: every due vehicle is read.
   */
  eventsSilenceMs?: number;
  /**
   * A vehicle's battery state of health is read at most this often (it changes over months), right
   * after a telemetry read, out of the same budget share. Unset: never read.
   */
  stateOfHealthIntervalMs?: number;
}

export const DEFAULT_BUDGET_TTL_MS = 24 * 60 * 60_000;

export type ApiForOrganization = (organizationId: string) => Promise<VehicleApi | undefined>;

export interface SnapshotPassResult {
  organizations: number;
  listed: number;
  removed: number;
  read: number;
  failed: number;
  /** Due vehicles not read because an event refreshed them within the interval. */
  leftToEvents: number;
  /** Upstream calls, by kind. */
  calls: { list: number; rateLimits: number; telemetry: number; stateOfHealth: number };
}

/**
 * How often the snapshot may read a vehicle's telemetry: the configured interval, or slower when
 * the vehicle's budget share allows fewer reads (200 a day at 25% → one read per 28.8 minutes).
 * The state-of-health reads come out of the same share (one a day leaves 49: one per 29.4 minutes).
 */
export function vehicleIntervalMs(
  policy: Pick<SnapshotPolicy, 'intervalMs' | 'budgetShare' | 'stateOfHealthIntervalMs'>,
  budget?: { max: number | null; windowSeconds: number | null },
): number {
  if (!budget?.max || !budget.windowSeconds) return policy.intervalMs;
  const reserved = policy.stateOfHealthIntervalMs ? Math.ceil((budget.windowSeconds * 1000) / policy.stateOfHealthIntervalMs) : 0;
  const allowed = budget.max * policy.budgetShare - reserved;
  if (allowed <= 0) return Number.POSITIVE_INFINITY;
  return Math.max(policy.intervalMs, Math.ceil((budget.windowSeconds * 1000) / allowed));
}

/** The read-costing budget: the contract's `OEM_…` or a brand's `BMW_…` spelling, by its suffix. */
export function fetchStateBudget(limits: readonly RateLimit[]): RateLimit | undefined {
  return limits.find((l) => typeof l.key === 'string' && l.key.endsWith('_ENERGY_API_COMMANDS_AND_FETCH_STATE'));
}

/** The database keeps a budget in integer columns: whole, positive counts within their range, else unknown. */
const wholeCount = (n: number | null | undefined): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647;

/** A polled budget the snapshot can store and space reads by; null when either figure is no usable count. */
export function storableBudget(limit: RateLimit | undefined): { max: number; windowSeconds: number } | null {
  return limit && wholeCount(limit.maxRequests) && wholeCount(limit.windowSizeSeconds)
    ? { max: limit.maxRequests, windowSeconds: limit.windowSizeSeconds }
    : null;
}

const date = upstreamDate;

type Vehicle = Awaited<ReturnType<VehicleApi['listVehicles']>>['data']['results'][number];

export function rosterEntry(vehicle: Vehicle): RosterEntry {
  return {
    vehicleId: vehicle.id,
    vin: vehicle.vin ?? null,
    make: vehicle.make ?? null,
    model: vehicle.model ?? null,
    registrationPlate: vehicle.registrationPlate ?? null,
    isListening: vehicle.isListening !== false,
    connectionStatus: vehicle.connectionStatus ?? null,
    lastSeenAt: date(vehicle.metadata?.lastSeenAt),
  };
}

type Measurement = { value?: number | string | null; timestamp?: string | null } | null | undefined;
/** A figure that came as no number (`"n/a"`) is no reading: the snapshot's columns are numeric. */
const measured = (m: Measurement) => (m ? { value: typeof m.value === 'number' ? m.value : null, at: date(m.timestamp) } : undefined);

/** The figures the snapshot keeps from one telemetry answer, each with its own timestamp. */
export function readingFromTelemetry(t: Telemetry): SnapshotReading {
  const tires = t.tirePressure;
  const tireValues = tires
    ? [tires.frontLeftTire, tires.frontRightTire, tires.rearLeftTire, tires.rearRightTire].filter((v): v is number => typeof v === 'number')
    : [];
  // Pressures in another unit are not compared with kPa thresholds.
  const tiresInKpa = tires && (!tires.unit || tires.unit.toLowerCase() === 'kpa');
  return {
    stateOfCharge: measured(t.stateOfCharge),
    rangeKm: measured(t.range),
    odometerKm: measured(t.odometer),
    location: t.location
      ? {
          value:
            typeof t.location.latitude === 'number' && typeof t.location.longitude === 'number'
              ? { latitude: t.location.latitude, longitude: t.location.longitude }
              : null,
          at: date(t.location.timestamp),
        }
      : undefined,
    charging: t.chargingState
      ? {
          value: { state: t.chargingState.chargingState ?? null, portOpen: t.chargingState.chargePortDoorOpen ?? null },
          at: date(t.chargingState.timestamp),
        }
      : undefined,
    locked: t.security ? { value: t.security.locked ?? null, at: date(t.security.timestamp) } : undefined,
    tireMinKpa: tires && tiresInKpa ? { value: tireValues.length ? Math.min(...tireValues) : null, at: date(tires.timestamp) } : undefined,
    lastSeenAt: date(t.metadata?.lastSeenAt),
  };
}

/** Stores a telemetry read in the snapshot: the job's, or an on-demand read of the telemetry tab. */
export async function recordTelemetry(
  db: Db,
  organizationId: string,
  vehicleId: string,
  telemetry: Telemetry,
  fetchedAt: Date,
): Promise<void> {
  const reading = readingFromTelemetry(telemetry);
  await recordReading(db, organizationId, vehicleId, reading, fetchedAt);
  await recordDailyReading(db, organizationId, vehicleId, dailyFiguresOf(reading), fetchedAt);
}

const errorCode = (error: unknown) => (isVehicleApiError(error) ? error.code : 'UNKNOWN_ERROR');
/** The breaker paused the organization: stop its pass, the next tick tries again. */
const paused = (error: unknown) => isVehicleApiError(error) && error.code === 'UPSTREAM_PAUSED';

async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<boolean>): Promise<void> {
  let next = 0;
  let stop = false;
  const worker = async () => {
    while (!stop && next < items.length) {
      const item = items[next++];
      if (!(await work(item))) stop = true;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}

/**
 * One pass of the fleet snapshot over every organization: the vehicle list when it is older than
 * the interval (a call per hundred vehicles; vehicles it no longer holds are dropped), then the
 * telemetry of each listening, connected vehicle whose last read is older than its interval.
 */
export async function refreshSnapshots(
  db: Db,
  apiForOrganization: ApiForOrganization,
  now: () => Date,
  policy: SnapshotPolicy,
  signal?: AbortSignal,
): Promise<SnapshotPassResult> {
  const result: SnapshotPassResult = {
    organizations: 0,
    listed: 0,
    removed: 0,
    read: 0,
    failed: 0,
    leftToEvents: 0,
    calls: { list: 0, rateLimits: 0, telemetry: 0, stateOfHealth: 0 },
  };
  for (const organizationId of await listOrganizationIds(db)) {
    if (signal?.aborted) break;
    const api = await apiForOrganization(organizationId).catch(() => undefined);
    if (!api) continue;
    result.organizations += 1;
    try {
      await refreshOrganization(db, api, organizationId, now, policy, result, signal);
    } catch (error) {
      if (!paused(error))
        logger().error({ event: 'fleet.snapshot_failed', organizationId, err: error }, 'fleet snapshot of an organization failed');
    }
  }
  return result;
}

async function refreshOrganization(
  db: Db,
  api: VehicleApi,
  organizationId: string,
  now: () => Date,
  policy: SnapshotPolicy,
  result: SnapshotPassResult,
  signal?: AbortSignal,
): Promise<void> {
  const listed = await lastListedAt(db, organizationId);
  if (!listed || now().getTime() - listed.getTime() >= policy.intervalMs) {
    const listedAt = now();
    for await (const page of paginate(api.listVehicles, { maxPageSize: 100 })) {
      result.calls.list += 1;
      const entries = page.data.results.filter((v) => v.connectionStatus !== 'DISCONNECTED').map(rosterEntry);
      await upsertRoster(db, organizationId, entries, listedAt);
      result.listed += entries.length;
      if (signal?.aborted) return;
    }
    result.removed += await removeUnlisted(db, organizationId, listedAt);
  }
  const at = now().getTime();
  let due = (await listRefreshCandidates(db, organizationId)).filter((c) => isDue(c, at, policy));
  if (due.length > 0 && (await eventsArriving(db, organizationId, at, policy))) {
    const pushedRecently = (c: RefreshCandidate) => c.pushedAt !== null && at - c.pushedAt.getTime() < policy.intervalMs;
    result.leftToEvents += due.filter(pushedRecently).length;
    due = due.filter((c) => !pushedRecently(c));
  }
  await pool(due, policy.concurrency, async (candidate) => {
    if (signal?.aborted) return false;
    try {
      await refreshVehicle(db, api, organizationId, candidate, now, policy, result);
      return true;
    } catch (error) {
      if (paused(error)) return false;
      result.failed += 1;
      if (isVehicleApiError(error) && error.code === 'RESOURCE_NOT_FOUND') await removeSnapshot(db, organizationId, candidate.vehicleId);
      else await recordSnapshotError(db, organizationId, candidate.vehicleId, errorCode(error), now());
      return true;
    }
  });
}

/** The organization's webhooks work: a signing secret is set and an event arrived within the silence window. */
async function eventsArriving(db: Db, organizationId: string, at: number, policy: SnapshotPolicy): Promise<boolean> {
  if (policy.eventsSilenceMs === undefined || !(await hasWebhookSecret(db, organizationId))) return false;
  const last = await lastWebhookEventAt(db, organizationId);
  return last !== null && at - last.getTime() < policy.eventsSilenceMs;
}

function isDue(candidate: RefreshCandidate, at: number, policy: SnapshotPolicy): boolean {
  if (!candidate.fetchedAt) return true;
  const interval = vehicleIntervalMs(policy, { max: candidate.budgetMax, windowSeconds: candidate.budgetWindowSeconds });
  return at - candidate.fetchedAt.getTime() >= interval;
}

async function refreshVehicle(
  db: Db,
  api: VehicleApi,
  organizationId: string,
  candidate: RefreshCandidate,
  now: () => Date,
  policy: SnapshotPolicy,
  result: SnapshotPassResult,
): Promise<void> {
  const { vehicleId } = candidate;
  if (!candidate.budgetReadAt || now().getTime() - candidate.budgetReadAt.getTime() >= policy.budgetTtlMs) {
    result.calls.rateLimits += 1;
    const limits = await api.getRateLimits(vehicleId);
    const budget = fetchStateBudget(limits.data);
    const known = storableBudget(budget);
    await recordBudget(db, organizationId, vehicleId, known, now());
    // The budget just learned may space this vehicle's reads further apart than the last one allows.
    if (known && !isDue({ ...candidate, budgetMax: known.max, budgetWindowSeconds: known.windowSeconds }, now().getTime(), policy)) return;
    // What others (commands, people reading the vehicle) left: the snapshot keeps out of their share.
    if (known && typeof budget?.remainingRequests === 'number' && budget.remainingRequests < known.max * (1 - policy.budgetShare)) {
      await recordSnapshotError(db, organizationId, vehicleId, 'BUDGET_RESERVED', now());
      return;
    }
  }
  result.calls.telemetry += 1;
  const telemetry = await api.getTelemetry(vehicleId);
  await recordTelemetry(db, organizationId, vehicleId, telemetry.data, now());
  result.read += 1;
  if (stateOfHealthDue(candidate, now().getTime(), policy)) await refreshStateOfHealth(db, api, organizationId, vehicleId, now, result);
}

function stateOfHealthDue(candidate: RefreshCandidate, at: number, policy: SnapshotPolicy): boolean {
  if (policy.stateOfHealthIntervalMs === undefined) return false;
  return !candidate.stateOfHealthCheckedAt || at - candidate.stateOfHealthCheckedAt.getTime() >= policy.stateOfHealthIntervalMs;
}

/**
 * Reads the battery's state of health into the snapshot. A 404 is "no battery data yet" (it
 * appears after a qualifying charge; never for a combustion vehicle), recorded as such; another
 * failure is recorded by its code and asked again a day later, leaving the telemetry read intact.
 */
async function refreshStateOfHealth(
  db: Db,
  api: VehicleApi,
  organizationId: string,
  vehicleId: string,
  now: () => Date,
  result: SnapshotPassResult,
): Promise<void> {
  result.calls.stateOfHealth += 1;
  try {
    const { data } = await api.getStateOfHealth(vehicleId);
    const percent = batteryHealth(data).percent;
    // The vendor's calculation date is the reading's time; without one, when Motorpool read it.
    const at = date(data.calculationDate) ?? now();
    await recordStateOfHealth(
      db,
      organizationId,
      vehicleId,
      { status: 'READ', percent: typeof percent === 'number' ? percent : null, at },
      now(),
    );
    if (typeof percent === 'number')
      await recordDailyReading(db, organizationId, vehicleId, { stateOfHealth: { value: percent, at } }, now());
  } catch (error) {
    if (paused(error)) throw error;
    const noData = isVehicleApiError(error) && error.status === 404;
    await recordStateOfHealth(
      db,
      organizationId,
      vehicleId,
      noData ? { status: 'NO_DATA' } : { status: 'ERROR', code: errorCode(error) },
      now(),
    );
  }
}
