import 'server-only';
import { getDb } from '@/lib/db';
import { recordVehicleUpstreamError } from '@/lib/db/repos/vehicle-upstream-errors';
import { isVehicleApiError } from '@/lib/vehicle-api';
import { logger } from '@/lib/ops/log';

/**
 * Where an upstream error met on a vehicle's route is mapped to a response, it is also kept
 * (code, status, endpoint, request id, time) for that vehicle's support bundle. A failed write
 * is logged and never changes the answer.
 */
export async function rememberVehicleUpstreamError(organizationId: string, params: unknown, error: unknown): Promise<void> {
  if (!isVehicleApiError(error)) return;
  const vehicleId = params && typeof params === 'object' ? (params as { vehicleId?: unknown }).vehicleId : undefined;
  if (typeof vehicleId !== 'string' || vehicleId === '') return;
  try {
    await recordVehicleUpstreamError(getDb(), {
      organizationId,
      vehicleId,
      code: String(error.code),
      status: error.status,
      endpoint: error.endpoint,
      upstreamRequestId: error.requestId ?? null,
    });
  } catch (writeError) {
    logger().error({ event: 'vehicle.upstream_error_not_kept', err: writeError }, 'could not keep the upstream error of a vehicle');
  }
}
