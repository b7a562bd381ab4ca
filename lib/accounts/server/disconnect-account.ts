import 'server-only';
import type { Org } from '@/lib/bff/org-access';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';

/** Disconnect an OEM account: every vehicle under it stops synchronising. */
export async function disconnectAccount(org: Org, accountId: string) {
  const response = await (await orgVehicleApi(org)).disconnectAccount(accountId);
  return { ok: true, requestId: response.requestId };
}
