import 'server-only';
import type { ApiResponse, VehicleApi } from '@/lib/vehicle-api';
import type { VehicleListQuery } from '@/lib/vehicles/schemas';
import type { ListPage } from '@/lib/vehicles/types';

type CursorPage<T> = { results: T[]; nextPageToken?: string | null; totalResults?: number | null };

/** One shape for every cursor list the browser reads, with the upstream request id for support. */
export function toListPage<T>(response: ApiResponse<CursorPage<T>>): ListPage<T> {
  return {
    items: response.data.results,
    nextPageToken: response.data.nextPageToken ?? null,
    totalResults: response.data.totalResults ?? null,
    requestId: response.requestId,
  };
}

/** One page of vehicles: a single upstream call whatever the size of the fleet. */
export async function loadVehiclePage(api: VehicleApi, query: VehicleListQuery) {
  return toListPage(
    await api.listVehicles({
      maxPageSize: query.pageSize,
      pageToken: query.pageToken,
      filter: query.filter,
      tagKey: query.tagKey,
      tagValue: query.tagValue,
    }),
  );
}
