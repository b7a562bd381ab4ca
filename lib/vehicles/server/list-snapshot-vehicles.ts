import 'server-only';
import { toListPage } from '@/lib/vehicles/server/list-page';
import type { Org } from '@/lib/org/org-access';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { getDb, type Db } from '@/lib/db';
import type { VehicleApi } from '@/lib/vehicle-api';
import { countSnapshotMatches, matchSnapshots, type SnapshotMatch } from '@/lib/db/repos/vehicle-snapshots';
import { CHARGING_STATES, PLUGGED_IN_STATES, type StateFilters } from '@/lib/vehicles/state-filters';
import type { VehicleRecord } from '@/lib/vehicles/types';
import type { VehicleListQuery } from '@/lib/vehicles/schemas';

const TOKEN_PREFIX = 'snap:';
/** Upstream calls one page may make when the upstream's own filters drop most of the snapshot's picks. */
const MAX_CALLS_PER_PAGE = 5;
const HOUR_MS = 3_600_000;

export type SnapshotListPage = {
  items: VehicleRecord[];
  nextPageToken: string | null;
  totalResults: number | null;
  requestId?: string;
  /** The oldest snapshot reading behind this page: the figures are as of this time or later. */
  snapshotAsOf: string | null;
};

export function stateFiltersOf(query: VehicleListQuery): StateFilters {
  return {
    socBelow: query.socBelow,
    charging: query.charging,
    pluggedIn: query.plugged,
    staleHours: query.staleHours,
    tiresBelow: query.tiresBelow,
    withAlerts: query.alerts,
    healthBelow: query.healthBelow,
  };
}

export function snapshotMatch(filters: StateFilters, now: number): SnapshotMatch {
  return {
    socBelow: filters.socBelow,
    charging: filters.charging,
    pluggedIn: filters.pluggedIn,
    staleBefore: filters.staleHours === undefined ? undefined : new Date(now - filters.staleHours * HOUR_MS),
    tiresBelow: filters.tiresBelow,
    withAlerts: filters.withAlerts,
    healthBelow: filters.healthBelow,
    chargingStates: CHARGING_STATES,
    pluggedInStates: PLUGGED_IN_STATES,
  };
}

/**
 * One page of vehicles picked by the snapshot, in vehicle id order: the snapshot names the next
 * candidates, one upstream list call (their ids AND the person's JSON filter and tag) returns those
 * that also match upstream, as fresh records. The page token is the last id looked at.
 */
export async function listSnapshotVehicles(org: Org, query: VehicleListQuery, now = Date.now()): Promise<SnapshotListPage> {
  return pageSnapshotVehicles(getDb(), await orgVehicleApi(org), org.id, query, now);
}

/** The page itself, on a given database and client (the snapshot bench times this). */
export async function pageSnapshotVehicles(
  db: Db,
  api: VehicleApi,
  organizationId: string,
  query: VehicleListQuery,
  now: number,
): Promise<SnapshotListPage> {
  const match = snapshotMatch(stateFiltersOf(query), now);
  let after = query.pageToken?.startsWith(TOKEN_PREFIX) ? query.pageToken.slice(TOKEN_PREFIX.length) : undefined;
  const items: VehicleRecord[] = [];
  let requestId: string | undefined;
  let asOf: number | null = null;
  let exhausted = false;
  for (let calls = 0; calls < MAX_CALLS_PER_PAGE && items.length < query.pageSize; calls++) {
    const want = query.pageSize - items.length;
    // One more than wanted tells whether anything follows.
    const picked = await matchSnapshots(db, organizationId, match, { afterVehicleId: after, limit: want + 1 });
    const chunk = picked.slice(0, want);
    if (chunk.length === 0) {
      exhausted = true;
      break;
    }
    const ids = { or: chunk.map((row) => ({ field: 'id', operator: '==', value: row.vehicleId })) };
    const page = toListPage(
      await api.listVehicles({
        maxPageSize: chunk.length,
        filter: query.filter === undefined ? ids : [query.filter, ids],
        tagKey: query.tagKey,
        tagValue: query.tagValue,
      }),
    );
    requestId = page.requestId;
    const found = new Set(page.items.map((v) => v.id));
    for (const row of chunk) {
      if (!found.has(row.vehicleId)) continue;
      const at = (row.fetchedAt ?? row.listedAt).getTime();
      asOf = asOf === null ? at : Math.min(asOf, at);
    }
    items.push(...(page.items as VehicleRecord[]).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
    after = chunk[chunk.length - 1].vehicleId;
    if (picked.length <= want) {
      exhausted = true;
      break;
    }
  }
  const upstreamFiltered = query.filter !== undefined || query.tagKey !== undefined || query.tagValue !== undefined;
  return {
    items,
    nextPageToken: exhausted || after === undefined ? null : `${TOKEN_PREFIX}${after}`,
    // With upstream filters too, the snapshot's count is only an upper bound.
    totalResults: upstreamFiltered ? null : await countSnapshotMatches(db, organizationId, match),
    requestId,
    snapshotAsOf: asOf === null ? null : new Date(asOf).toISOString(),
  };
}
