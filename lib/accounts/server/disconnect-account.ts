import 'server-only';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { getDb } from '@/lib/db';
import { expireRosterListing } from '@/lib/db/repos/vehicle-snapshots';

/**
 * Disconnect an OEM account: every vehicle under it stops synchronising, and leaves the fleet views at the snapshot's next tick.
 * The brands of its vehicles are read first (best effort) and returned for the audit entry: the
 * upstream forgets the account, and a later Reconnect pre-fills them from there.
 */
export async function disconnectAccount(org: Org, accountId: string) {
  const api = await orgVehicleApi(org);
  const filter = JSON.stringify({ field: 'metadata.accountId', operator: '==', value: accountId });
  const makes = await api
    .listVehicles({ maxPageSize: 100, filter })
    .then(({ data }) => [...new Set(data.results.map((v) => v.make).filter((m): m is string => typeof m === 'string' && m !== ''))])
    .catch(() => []);
  const response = await api.disconnectAccount(accountId);
  await expireRosterListing(getDb(), org.id);
  return { ok: true, requestId: response.requestId, makes };
}
