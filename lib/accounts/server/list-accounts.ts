import 'server-only';
import { toListPage } from '@/lib/vehicles/server/list-page';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import type { ListQuery } from '@/lib/vehicles/schemas';

/** One page of the organization's OEM accounts. */
export async function listAccounts(org: Org, query: ListQuery) {
  const api = await orgVehicleApi(org);
  return toListPage(await api.listAccounts({ maxPageSize: query.pageSize, pageToken: query.pageToken, filter: query.filter }));
}
