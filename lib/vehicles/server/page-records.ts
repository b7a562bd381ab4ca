import 'server-only';
import { notFound } from 'next/navigation';
import type { OrgAccess } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { isVehicleApiError, type VehicleApi } from '@/lib/vehicle-api';
import { withAccountCountry } from '@/lib/vehicles/server/account-country';

/**
 * A record for a page's first render: a 404 upstream is the page's 404; any other failure is left
 * to the browser, whose error state shows the upstream request id and a retry.
 */
async function recordOrNotFound<T>(access: OrgAccess, load: (api: VehicleApi) => Promise<{ data: T }>): Promise<T | undefined> {
  try {
    return (await load(await orgVehicleApi(access.org))).data;
  } catch (error) {
    if (isVehicleApiError(error) && error.code === 'RESOURCE_NOT_FOUND') notFound();
    return undefined;
  }
}

export const vehicleForPage = async (access: OrgAccess, id: string) => {
  const vehicle = await recordOrNotFound(access, (api) => api.getVehicle(id));
  return vehicle && withAccountCountry(access.org.id, vehicle);
};
export const accountForPage = (access: OrgAccess, id: string) => recordOrNotFound(access, (api) => api.getAccount(id));
