import 'server-only';
import type { Org } from '@/lib/bff/org-access';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';

/** Disconnect: synchronisation stops for good. The upstream may accept it (202) and finish later. */
export async function disconnectVehicle(org: Org, vehicleId: string) {
  const response = await (await orgVehicleApi(org)).deleteVehicle(vehicleId);
  return { processing: response.status === 202, status: response.status, requestId: response.requestId };
}
