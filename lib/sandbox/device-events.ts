import 'server-only';
import { settleExecutions } from './commands';
import type { Core } from './core';
import { type Organization, type RateLimitKey, type Vehicle, isActive } from './model';
import { RATE_LIMITS, budgetsOf, renderTelemetry } from './sim';

/**
 * The vehicle-side events of the sandbox's webhook sender (contract-gaps "Webhooks"):
 * `device.telemetry` one metric per event, `device.connected` / `device.disconnected`,
 * `rate_limit.updated` and `alert.updated`. Telemetry is pushed when a metric of a listening
 * vehicle changes (the simulated fleet moves: a charging vehicle's state of charge rises), checked
 * every few seconds (`pumpTelemetry`) and at most `limit` events per organization per check.
 */

/** The metrics the sandbox pushes, each with the block of the telemetry answer it carries. */
const METRICS = {
  STATE_OF_CHARGE: (t: Telemetry) => ({ stateOfCharge: t.stateOfCharge }),
  RANGE: (t: Telemetry) => ({ range: t.range }),
  ODOMETER: (t: Telemetry) => ({ odometer: t.odometer }),
  LOCATION: (t: Telemetry) => ({ location: t.location }),
  CHARGING_STATE: (t: Telemetry) => ({ chargingState: t.chargingState }),
  TIRES: (t: Telemetry) => ({ tirePressure: t.tirePressure }),
} as const;
type Telemetry = ReturnType<typeof renderTelemetry>;
type Metric = keyof typeof METRICS;

/** A vehicle's state of charge below this (and not charging) raises the LOW_STATE_OF_CHARGE platform alert. */
export const LOW_CHARGE_ALERT_BELOW = 10;

type Pushed = { at: number; blocks: Record<string, unknown>; key: string };
type Memory = { metrics: Map<Metric, Pushed>; lowCharge: boolean };
/** What was last pushed per vehicle (a reset makes new vehicles, and so a fresh memory). */
const memory = new WeakMap<Vehicle, Memory>();

/** The value of a block, without its timestamp: a change of time alone is no change. */
function valueKey(blocks: Record<string, unknown>): string {
  return JSON.stringify(blocks, (k, v: unknown) => (k === 'timestamp' ? undefined : v));
}

/** Each block's timestamp set to `at` (when the vehicle reported the change). */
function stamped(blocks: Record<string, unknown>, at: number): Record<string, unknown> {
  const iso = new Date(at).toISOString();
  return Object.fromEntries(
    Object.entries(blocks).map(([k, v]) => [k, v && typeof v === 'object' ? { ...(v as object), timestamp: iso } : v]),
  );
}

function lowChargeAlert(vehicle: Vehicle, active: boolean, at: number) {
  const iso = new Date(at).toISOString();
  return {
    id: `alr_low_soc_${vehicle.id}`,
    vehicleId: vehicle.id,
    status: active ? 'ACTIVE' : 'RESOLVED',
    muted: false,
    currentSeverity: 'MEDIUM',
    updatedAt: iso,
    resolvedAt: active ? null : iso,
    definition: { id: 'def_low_state_of_charge', code: 'LOW_STATE_OF_CHARGE', name: 'State of charge below 10 %' },
  };
}

/**
 * Pushes what changed on one vehicle since the last push: one `device.telemetry` per metric, and
 * `alert.updated` when the low-charge alert is raised or resolved. A vehicle seen for the first
 * time is only remembered, unless `force` (an admin change: everything is pushed). Returns how
 * many events were sent.
 */
export function pushVehicleChanges(
  core: Core,
  org: Organization,
  vehicle: Vehicle,
  options: { force?: boolean; limit?: number } = {},
): number {
  const now = core.now();
  // Commands that settled since change the state (as any read of the vehicle does).
  settleExecutions(vehicle, now);
  const telemetry = renderTelemetry(vehicle, now);
  const known = memory.get(vehicle);
  const state: Memory = known ?? { metrics: new Map(), lowCharge: false };
  const emit = known !== undefined || options.force === true;
  let sent = 0;
  for (const metric of Object.keys(METRICS) as Metric[]) {
    if (options.limit !== undefined && sent >= options.limit) break;
    const blocks = METRICS[metric](telemetry);
    const key = valueKey(blocks);
    const previous = state.metrics.get(metric);
    if (previous?.key === key) continue;
    state.metrics.set(metric, { at: now, blocks, key });
    if (!emit) continue;
    const data = (at: number, b: Record<string, unknown>) => ({
      metricType: metric,
      vehicle: { id: vehicle.id, ...stamped(b, at) },
      timestamp: new Date(at).toISOString(),
    });
    core.options.webhooks.emit(org.id, 'device.telemetry', data(now, blocks), {
      // For the out-of-order fault: the value this one replaces, with its own (older) time.
      ...(previous ? { stale: data(previous.at, previous.blocks) } : {}),
    });
    sent++;
  }
  const soc = telemetry.stateOfCharge.value;
  const low = soc !== null && soc < LOW_CHARGE_ALERT_BELOW && telemetry.chargingState.chargingState !== 'CHARGING';
  if (low !== state.lowCharge && (emit || low)) {
    core.options.webhooks.emit(org.id, 'alert.updated', lowChargeAlert(vehicle, low, now), {
      stale: lowChargeAlert(vehicle, !low, now - 1_000),
    });
    sent++;
  }
  state.lowCharge = low;
  memory.set(vehicle, state);
  return sent;
}

/** One check of the fleet: every online, listening, connected vehicle of each organization with a webhook target. */
export function pumpTelemetry(core: Core, options: { limitPerOrganization: number }): number {
  let sent = 0;
  for (const org of core.organizations) {
    if (!core.options.webhooks.hasTarget(org.id)) continue;
    let left = options.limitPerOrganization;
    for (const vehicle of org.vehicles) {
      if (left <= 0) break;
      // A vehicle that is offline sends nothing; what changed meanwhile goes out at the first check after it is back.
      if (!isActive(vehicle) || !vehicle.isListening || !vehicle.online) continue;
      const n = pushVehicleChanges(core, org, vehicle, { limit: left });
      left -= n;
      sent += n;
    }
  }
  return sent;
}

export function pushConnection(core: Core, org: Organization, vehicle: Vehicle, connected: boolean): void {
  core.options.webhooks.emit(org.id, connected ? 'device.connected' : 'device.disconnected', { id: vehicle.id, deviceType: 'VEHICLE' });
}

/** The vehicle's budgets as they are now, keyed for a before/after comparison. */
export function budgetFigures(vehicle: Vehicle, now: number): Record<RateLimitKey, number> {
  const budgets = budgetsOf(vehicle, now);
  return Object.fromEntries((Object.keys(budgets) as RateLimitKey[]).map((k) => [k, budgets[k].remaining])) as Record<RateLimitKey, number>;
}

/** `rate_limit.updated` for each of the vehicle's budgets that changed since `before`. */
export function pushBudgetChanges(core: Core, org: Organization, vehicle: Vehicle, before: Record<RateLimitKey, number>): void {
  const after = budgetFigures(vehicle, core.now());
  for (const key of Object.keys(after) as RateLimitKey[]) {
    if (after[key] === before[key]) continue;
    core.options.webhooks.emit(org.id, 'rate_limit.updated', {
      remaining_requests: after[key],
      max_requests: RATE_LIMITS[key].max,
      domain: 'VEHICLE',
      window_size_seconds: RATE_LIMITS[key].windowSeconds,
      object_id: vehicle.id,
      key,
    });
  }
}
