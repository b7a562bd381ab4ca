import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { ELIGIBILITY } from '@/lib/contract/vehicle-api';
import { AppError } from '@/lib/errors/app-error';
import { isUpstreamId } from '@/lib/validations/upstream-id';
import { isVehicleApiError, type VehicleApi } from '@/lib/vehicle-api';
import { likePattern } from '@/lib/vehicles/filter-builder';

/** Text that may be a registration plate: letters, digits, spaces and dashes, as plates are written. */
const PLATE_TEXT = /^[\p{L}\p{N}][\p{L}\p{N} -]{0,19}$/u;

type LookupApi = Pick<VehicleApi, 'listVehicles' | 'getVehicle'>;

/** The vehicle whose plate reads `q`, case and all wildcards aside (one filtered call); null when none. */
async function findByPlate(api: LookupApi, q: string): Promise<string | null> {
  if (!PLATE_TEXT.test(q)) return null;
  const page = await api.listVehicles({ maxPageSize: 1, filter: { field: 'registrationPlate', operator: 'ilike', value: likePattern(q) } });
  return page.data.results[0]?.id ?? null;
}

/**
 * Search by VIN (one filtered call), by id (one look-up) or by registration plate (one filtered
 * call, tried last), so the browser can open the vehicle directly. Text that cannot be an id is
 * never sent as one: it would travel in the upstream path.
 */
export async function findVehicleId(api: LookupApi, q: string): Promise<{ vehicleId: string }> {
  const notFound = (requestId?: string) =>
    new AppError('NOT_FOUND', `No vehicle has the VIN, plate or id “${q}”.`, { upstreamRequestId: requestId });
  if (ELIGIBILITY.vinPattern.test(q)) {
    const page = await api.listVehicles({ maxPageSize: 1, filter: { field: 'vin', operator: '==', value: q.toUpperCase() } });
    const match = page.data.results[0];
    if (match) return { vehicleId: match.id };
  }
  let requestId: string | undefined;
  if (isUpstreamId(q)) {
    try {
      const vehicle = await api.getVehicle(q);
      return { vehicleId: vehicle.data.id };
    } catch (error) {
      if (!isVehicleApiError(error) || (error.code !== 'RESOURCE_NOT_FOUND' && error.code !== 'REQUEST_VALIDATION_ERROR')) throw error;
      requestId = error.requestId;
    }
  }
  const byPlate = await findByPlate(api, q);
  if (byPlate) return { vehicleId: byPlate };
  throw notFound(requestId);
}

export async function lookupVehicle(org: Org, q: string): Promise<{ vehicleId: string }> {
  return findVehicleId(await orgVehicleApi(org), q);
}
