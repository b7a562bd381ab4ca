import 'server-only';
import { single } from '@/lib/vehicle-data/server/vehicle-data-route';
import { VehicleApiError, type VehicleApi } from '@/lib/vehicle-api';
import { getDb } from '@/lib/db';
import { getSnapshot } from '@/lib/db/repos/vehicle-snapshots';
import type { PushedRateLimit, RateLimit } from '@/lib/vehicle-data/types';
import { recordTelemetry } from '@/lib/snapshot/server/refresh-snapshots';
import { logger } from '@/lib/ops/log';

type VehicleInput = { params: { vehicleId: string } };

/** The vehicle's latest telemetry; the read also refreshes the fleet snapshot (one upstream read serves both). */
export async function loadTelemetry(api: VehicleApi, { params, organizationId }: VehicleInput & { organizationId: string }) {
  const response = await api.getTelemetry(params.vehicleId);
  await recordTelemetry(getDb(), organizationId, params.vehicleId, response.data, new Date()).catch((error) =>
    logger().error({ event: 'fleet.snapshot_read_not_kept', err: error }, 'the fleet snapshot could not keep a telemetry read'),
  );
  return single('telemetry', response);
}

/** When the vehicle must be charged by, per weekday. */
export async function loadDepartureTimes(api: VehicleApi, { params }: VehicleInput) {
  const response = await api.getDepartureTimes(params.vehicleId);
  return { data: { departureTimes: response.data.departureTimes }, call: response };
}

/** [V] When the vehicle may charge (cheap-tariff windows), per weekday: shown on the departure grid. */
export async function loadChargingWindows(api: VehicleApi, { params }: VehicleInput) {
  const response = await api.getChargingWindows(params.vehicleId);
  return { data: { chargingWindows: response.data.chargingWindows }, call: response };
}

/** What `rate_limit.updated` events last said of the vehicle's budgets (the fleet snapshot keeps them). */
async function pushedRateLimits(organizationId: string, vehicleId: string): Promise<PushedRateLimit[]> {
  const snapshot = await getSnapshot(getDb(), organizationId, vehicleId);
  return Object.entries(snapshot?.pushedBudgets ?? {}).map(([key, b]) => ({
    key,
    remainingRequests: b.remaining,
    maxRequests: b.max,
    windowSizeSeconds: b.windowSeconds,
    at: b.at,
  }));
}

/**
 * The vehicle's request budgets per key (remaining, maximum, window), as read now, with what the
 * events last pushed beside them. When the upstream cannot answer (down, or its own limit), the
 * pushed figures stand in, each with its time; without any, the failure is the answer.
 */
export async function loadRateLimits(api: VehicleApi, { params, organizationId }: VehicleInput & { organizationId: string }) {
  const pushed = await pushedRateLimits(organizationId, params.vehicleId);
  try {
    const response = await api.getRateLimits(params.vehicleId);
    return { data: { limits: response.data, readAt: new Date().toISOString() as string | null, pushed }, call: response };
  } catch (error) {
    if (pushed.length === 0 || !(error instanceof VehicleApiError) || error.status === 404) throw error;
    const limits: RateLimit[] = pushed.map((p) => ({
      key: p.key,
      remainingRequests: p.remainingRequests,
      maxRequests: p.maxRequests,
      windowSizeSeconds: p.windowSizeSeconds,
      domain: 'VEHICLE',
      objectId: params.vehicleId,
    }));
    return { data: { limits, readAt: null, pushed }, call: { requestId: error.requestId } };
  }
}
