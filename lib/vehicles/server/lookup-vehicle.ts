import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { ELIGIBILITY } from '@/lib/contract/vehicle-api';
import { AppError } from '@/lib/errors/app-error';
import { isUpstreamId } from '@/lib/validations/upstream-id';
import { isVehicleApiError, type VehicleApi } from '@/lib/vehicle-api';

/**
 * Search by VIN (one filtered call) or by id (one look-up), so the browser can open the vehicle
 * directly. Text that cannot be an id is never sent as one: it would travel in the upstream path.
 */
export async function findVehicleId(api: Pick<VehicleApi, 'listVehicles' | 'getVehicle'>, q: string): Promise<{ vehicleId: string }> {
  const notFound = (requestId?: string) => new AppError('NOT_FOUND', `No vehicle has the VIN or id “${q}”.`, { requestId });
  if (ELIGIBILITY.vinPattern.test(q)) {
    const page = await api.listVehicles({ maxPageSize: 1, filter: { field: 'vin', operator: '==', value: q.toUpperCase() } });
    const match = page.data.results[0];
    if (match) return { vehicleId: match.id };
  }
  if (!isUpstreamId(q)) throw notFound();
  try {
    const vehicle = await api.getVehicle(q);
    return { vehicleId: vehicle.data.id };
  } catch (error) {
    if (isVehicleApiError(error) && (error.code === 'RESOURCE_NOT_FOUND' || error.code === 'REQUEST_VALIDATION_ERROR')) {
      throw notFound(error.requestId);
    }
    throw error;
  }
}

export async function lookupVehicle(org: Org, q: string): Promise<{ vehicleId: string }> {
  return findVehicleId(await orgVehicleApi(org), q);
}
