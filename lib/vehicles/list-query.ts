'use client';

// Lists whose page and filter live in the URL: their hooks bring nuqs, so they stay out of query.ts
// and a page that reads one record does not load it.

import type { ListPage, VehicleRecord } from '@/lib/vehicles/types';
import { useCursorList } from '@/lib/list/use-cursor-list';
import { vehicleKeys } from '@/lib/vehicles/query-keys';

/** The vehicles list: cursor-paged, its page and filter in the URL, `apiParams` from the list's other URL state. */
export function useVehicleList(org: string, apiParams: Record<string, string | undefined>) {
  return useCursorList<VehicleRecord, ListPage<VehicleRecord> & { snapshotAsOf?: string | null }>({
    endpoint: `/api/o/${org}/vehicles`,
    keyOf: (q) => vehicleKeys.list(org, q),
    apiParams,
  });
}
