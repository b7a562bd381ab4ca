import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';

/**
 * Sets the listening state. The upstream answers 202 when it changed and 200 when it already was
 * so (a no-op it does not audit); `changed` passes that on.
 */
export async function setListening(org: Org, vehicleId: string, isListening: boolean) {
  const response = await (await orgVehicleApi(org)).setListening(vehicleId, isListening);
  // The call succeeded: an echo the client could not read as yes or no is the state asked for.
  return {
    ...response.data,
    isListening: response.data.isListening ?? isListening,
    changed: response.status === 202,
    requestId: response.requestId,
  };
}
