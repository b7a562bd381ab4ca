import 'server-only';
import { loadVehiclePage } from '@/lib/vehicles/server/list-page';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { getDbHandle } from '@/lib/db';
import type { VehicleListQuery } from '@/lib/vehicles/schemas';
import { rememberTags } from './list-tags-seen';
import { hasStateFilters } from '@/lib/vehicles/state-filters';
import { listSnapshotVehicles, stateFiltersOf } from '@/lib/vehicles/server/list-snapshot-vehicles';
import { withBatteryHealth } from '@/lib/vehicles/server/with-battery-health';

/**
 * One page of vehicles: a single upstream call whatever the size of the fleet (up to five with
 * snapshot filters), each vehicle with the battery health the fleet snapshot last read.
 */
export async function listVehicles(org: Org, query: VehicleListQuery) {
  if (hasStateFilters(stateFiltersOf(query))) {
    const page = await listSnapshotVehicles(org, query);
    return { ...page, items: await withBatteryHealth(getDbHandle(), org.id, page.items) };
  }
  const api = await orgVehicleApi(org);
  const page = await loadVehiclePage(api, query);
  if (query.tagKey && query.tagValue && page.items.length > 0) rememberTags(org.id, [{ key: query.tagKey, value: query.tagValue }]);
  return { ...page, items: await withBatteryHealth(getDbHandle(), org.id, page.items) };
}
