import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { getDb } from '@/lib/db';
import { expireRosterListing } from '@/lib/db/repos/vehicle-snapshots';

/** Disconnect an OEM account: every vehicle under it stops synchronising, and leaves the fleet views at the snapshot's next tick. */
export async function disconnectAccount(org: Org, accountId: string) {
  const response = await (await orgVehicleApi(org)).disconnectAccount(accountId);
  await expireRosterListing(getDb(), org.id);
  return { ok: true, requestId: response.requestId };
}
