import 'server-only';
import type { Db } from '@/lib/db';
import { getDb } from '@/lib/db';
import { getOrganizationById } from '@/lib/db/repos/organizations';
import { findView } from '@/lib/db/repos/saved-views';
import { matchSnapshots } from '@/lib/db/repos/vehicle-snapshots';
import type { NotificationRule, NotificationScope } from '@/lib/db/schema';
import { PAGE_SIZE } from '@/lib/contract/limits';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import type { VehicleApi } from '@/lib/vehicle-api';
import { snapshotMatch, stateFiltersOf } from '@/lib/vehicles/server/list-snapshot-vehicles';
import { vehicleListQuerySchema } from '@/lib/vehicles/schemas';
import * as z from '@/lib/validations/zod';

/** An organization's client for the upstream calls a tag or a view needs (undefined: none). */
export type ScopeApiFor = (organizationId: string) => Promise<VehicleApi | undefined>;

export const organizationApi: ScopeApiFor = async (organizationId) => {
  const org = await getOrganizationById(getDb(), organizationId);
  return org ? orgVehicleApi(org) : undefined;
};

/** Pages more than this are not walked in one pass (10,000 vehicles at the contract's page size). */
const MAX_PAGES = 100;

type Upstream = { filter?: unknown; tagKey?: string; tagValue?: string };

/**
 * The ids the upstream lists for a JSON filter and tag (the contract lists tags per vehicle only,
 * so the vehicle list with `tagKey`/`tagValue` is the one call that answers "which vehicles have
 * this tag"): one call per 100 vehicles in scope, or one call for one vehicle.
 */
async function listUpstreamIds(api: VehicleApi, upstream: Upstream, vehicleId?: string): Promise<Set<string>> {
  const idFilter = vehicleId === undefined ? undefined : { field: 'id', operator: '==', value: vehicleId };
  const filter = idFilter && upstream.filter !== undefined ? [upstream.filter, idFilter] : (idFilter ?? upstream.filter);
  const ids = new Set<string>();
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const response = await api.listVehicles({
      maxPageSize: PAGE_SIZE.max,
      pageToken,
      filter,
      tagKey: upstream.tagKey,
      tagValue: upstream.tagValue,
    });
    for (const vehicle of response.data.results) ids.add(vehicle.id);
    pageToken = response.data.nextPageToken ?? undefined;
    if (!pageToken) break;
  }
  return ids;
}

/**
 * The vehicles a rule's scope holds now: null for every vehicle; for a tag, those the upstream
 * lists with it; for a saved view, those its snapshot filters pick (Motorpool's records) and, when
 * it has a JSON filter or tag, the upstream lists too. A deleted view holds none. `vehicleId`:
 * only whether that one vehicle is in scope (one call at most).
 */
export async function vehiclesInScope(
  db: Db,
  organizationId: string,
  scope: NotificationScope | null,
  apiFor: ScopeApiFor,
  now: Date,
  vehicleId?: string,
): Promise<Set<string> | null> {
  if (!scope || scope.type === 'all') return null;
  const api = async () => {
    const client = await apiFor(organizationId);
    if (!client) throw new Error('no Vehicle API client for the organization');
    return client;
  };
  if (scope.type === 'tag') return listUpstreamIds(await api(), { tagKey: scope.key, tagValue: scope.value }, vehicleId);
  const view = await findView(db, organizationId, scope.viewId);
  if (!view) return new Set();
  const parsed = z.safeParse(vehicleListQuerySchema, view.query);
  if (!parsed.success) return new Set();
  const query = parsed.data;
  const picked = new Set<string>();
  let after: string | undefined;
  for (;;) {
    const rows = await matchSnapshots(db, organizationId, snapshotMatch(stateFiltersOf(query), now.getTime()), {
      afterVehicleId: after,
      limit: 1_000,
    });
    for (const row of rows) if (vehicleId === undefined || row.vehicleId === vehicleId) picked.add(row.vehicleId);
    if (rows.length < 1_000) break;
    after = rows[rows.length - 1].vehicleId;
  }
  if (query.filter === undefined && query.tagKey === undefined && query.tagValue === undefined) return picked;
  if (picked.size === 0) return picked;
  const listed = await listUpstreamIds(await api(), { filter: query.filter, tagKey: query.tagKey, tagValue: query.tagValue }, vehicleId);
  return new Set([...picked].filter((id) => listed.has(id)));
}

/** Each rule's scope once per pass: rules with the same scope in one organization share the read. */
export function scopeCache(db: Db, apiFor: ScopeApiFor, now: Date) {
  const reads = new Map<string, Promise<Set<string> | null>>();
  return (rule: Pick<NotificationRule, 'organizationId' | 'scope'>) => {
    const key = `${rule.organizationId}\n${JSON.stringify(rule.scope ?? null)}`;
    let read = reads.get(key);
    if (!read) reads.set(key, (read = vehiclesInScope(db, rule.organizationId, rule.scope, apiFor, now)));
    return read;
  };
}
