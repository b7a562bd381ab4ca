import 'server-only';
import { loadVehiclePage } from '@/lib/bff/list-page';
import type { Org } from '@/lib/bff/org-access';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import type { VehicleListQuery } from '@/lib/validations/fleet';
import { rememberTags } from './tags-seen';
import { hasStateFilters } from '@/lib/fleet/state-filters';
import { listSnapshotVehicles, stateFiltersOf } from '@/lib/fleet/server/list-snapshot-vehicles';

/** One page of vehicles: a single upstream call whatever the size of the fleet (up to five with snapshot filters). */
export async function listVehicles(org: Org, query: VehicleListQuery) {
  if (hasStateFilters(stateFiltersOf(query))) return listSnapshotVehicles(org, query);
  const api = await orgVehicleApi(org);
  const page = await loadVehiclePage(api, query);
  if (query.tagKey && query.tagValue && page.items.length > 0) rememberTags(org.id, [{ key: query.tagKey, value: query.tagValue }]);
  return page;
}
