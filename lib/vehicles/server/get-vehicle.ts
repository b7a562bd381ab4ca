import 'server-only';
import type { Org } from '@/lib/bff/org-access';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';

export async function getVehicle(org: Org, vehicleId: string) {
  const response = await (await orgVehicleApi(org)).getVehicle(vehicleId);
  return { vehicle: response.data, requestId: response.requestId };
}
