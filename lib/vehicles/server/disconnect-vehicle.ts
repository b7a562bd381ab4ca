import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { getDb } from '@/lib/db';
import { removeSnapshot } from '@/lib/db/repos/vehicle-snapshots';

/**
 * Disconnect: synchronisation stops for good. The upstream may accept it (202) and finish later;
 * the fleet views forget the vehicle at once rather than at the snapshot's next walk of the list.
 */
export async function disconnectVehicle(org: Org, vehicleId: string) {
  const response = await (await orgVehicleApi(org)).deleteVehicle(vehicleId);
  await removeSnapshot(getDb(), org.id, vehicleId);
  return { processing: response.status === 202, status: response.status, requestId: response.requestId };
}
