'use client';

// The vehicles list page's hooks, apart from query.ts (which every vehicle tab loads): the list kept
// in the URL (its hook brings nuqs), its rows' tags, the lookup and the export's pages.

import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/lib/contract/limits';
import { useCursorList } from '@/lib/list/use-cursor-list';
import { apiFetch } from '@/lib/query/api-fetch';
import { vehicleKeys } from '@/lib/vehicles/query-keys';
import type { ListPage, TagRecord, VehicleRecord } from '@/lib/vehicles/types';

/** The vehicles list: cursor-paged, its page and filter in the URL, `apiParams` from the list's other URL state. */
export function useVehicleList(org: string, apiParams: Record<string, string | undefined>) {
  return useCursorList<VehicleRecord, ListPage<VehicleRecord> & { snapshotAsOf?: string | null }>({
    endpoint: `/api/o/${org}/vehicles`,
    keyOf: (q) => vehicleKeys.list(org, q),
    apiParams,
  });
}

/** Tags of the vehicles on one page, for the optional tags column. */
export function usePageTags(org: string, vehicles: VehicleRecord[], enabled: boolean) {
  const ids = vehicles.map((v) => v.id).join(',');
  return useQuery({
    queryKey: vehicleKeys.pageTags(org, ids),
    queryFn: ({ signal }) =>
      apiFetch<{ tags: Record<string, TagRecord[] | null> }>(`/api/o/${org}/vehicles/tags?${new URLSearchParams({ ids })}`, { signal }),
    enabled: enabled && ids.length > 0,
    staleTime: 30_000,
  });
}

/** Opens a vehicle by VIN or id: the id of the one vehicle it names. */
export function lookUpVehicle(org: string, q: string): Promise<{ vehicleId: string }> {
  return apiFetch(`/api/o/${org}/vehicles/lookup?${new URLSearchParams({ q })}`);
}

/**
 * Every vehicle `listQuery` matches, read page by page at the largest page size, each page handed
 * to `onPage` (so the caller shows progress against `totalResults`); `signal` stops between pages.
 */
export async function forEachVehiclePage(
  org: string,
  listQuery: URLSearchParams,
  onPage: (page: ListPage<VehicleRecord>) => void,
  signal: AbortSignal,
): Promise<void> {
  const params = new URLSearchParams(listQuery);
  params.delete('pageToken');
  params.set('pageSize', String(PAGE_SIZE.max));
  for (;;) {
    const page = await apiFetch<ListPage<VehicleRecord>>(`/api/o/${org}/vehicles?${params}`, { signal });
    onPage(page);
    if (!page.nextPageToken) return;
    params.set('pageToken', page.nextPageToken);
  }
}
