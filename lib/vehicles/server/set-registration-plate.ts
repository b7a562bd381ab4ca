import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';

export async function setRegistrationPlate(org: Org, vehicleId: string, registrationPlate: string) {
  const response = await (await orgVehicleApi(org)).setRegistrationPlate(vehicleId, registrationPlate);
  return { vehicle: response.data, requestId: response.requestId };
}
