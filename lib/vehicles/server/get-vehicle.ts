import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { withAccountCountry } from './account-country';

export async function getVehicle(org: Org, vehicleId: string) {
  const response = await (await orgVehicleApi(org)).getVehicle(vehicleId);
  return { vehicle: await withAccountCountry(org.id, response.data), requestId: response.requestId };
}
