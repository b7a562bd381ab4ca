import 'server-only';
import type { Org } from '@/lib/bff/org-access';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { ELIGIBILITY } from '@/lib/contract/vehicle-api';
import { AppError } from '@/lib/errors/app-error';
import { isVehicleApiError } from '@/lib/vehicle-api';

/** Search by VIN (one filtered call) or by id (one look-up), so the browser can open the vehicle directly. */
export async function lookupVehicle(org: Org, q: string): Promise<{ vehicleId: string }> {
  const api = await orgVehicleApi(org);
  if (ELIGIBILITY.vinPattern.test(q)) {
    const page = await api.listVehicles({ maxPageSize: 1, filter: { field: 'vin', operator: '==', value: q.toUpperCase() } });
    const match = page.data.results[0];
    if (match) return { vehicleId: match.id };
  }
  try {
    const vehicle = await api.getVehicle(q);
    return { vehicleId: vehicle.data.id };
  } catch (error) {
    if (isVehicleApiError(error) && (error.code === 'RESOURCE_NOT_FOUND' || error.code === 'REQUEST_VALIDATION_ERROR')) {
      throw new AppError('NOT_FOUND', `No vehicle has the VIN or id “${q}”.`, { requestId: error.requestId });
    }
    throw error;
  }
}
