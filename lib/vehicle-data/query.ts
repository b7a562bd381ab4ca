'use client';

import { useCallback } from 'react';
import { useQueryClient, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import { vehicleDataKeys } from '@/lib/vehicle-data/query-keys';

export function vehicleDataPath(org: string, vehicleId: string, section: string, query?: string | URLSearchParams): string {
  const search = query?.toString();
  return `/api/o/${org}/vehicles/${encodeURIComponent(vehicleId)}/${section}${search ? `?${search}` : ''}`;
}

type Extra<T> = Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, 'queryKey' | 'queryFn'>;

/** Paths whose next read a person forced (a Refresh button), in this tab. */
const forcedPaths = new Set<string>();

/**
 * What a forced read sends: HTTP's "ask the origin". The console then calls the Vehicle API
 * rather than answering with a read another instance made moments ago (shared reads).
 */
export const FORCED_READ_HEADERS = { 'Cache-Control': 'no-cache' } as const;

/** The next read of `path` in this tab is a forced one. */
export function forceNextRead(path: string): void {
  forcedPaths.add(path);
}

/** Reads one vehicle data path: forced (once) when a person asked for it. */
export function readVehicleData<T>(path: string, signal?: AbortSignal): Promise<T> {
  const forced = forcedPaths.delete(path);
  return apiFetch<T>(path, { signal, ...(forced ? { headers: FORCED_READ_HEADERS } : {}) });
}

/** One vehicle data route through TanStack Query: `section` is the path under the vehicle (`telemetry`, `maintenance/tires`). */
export function useVehicleData<T>(org: string, vehicleId: string, section: string, query = '', options: Extra<T> = {}) {
  return useQuery({
    queryKey: vehicleDataKeys.section(org, vehicleId, section, query),
    queryFn: ({ signal }) => readVehicleData<T>(vehicleDataPath(org, vehicleId, section, query), signal),
    ...options,
  });
}

/**
 * A person's Refresh of one section: read again now, from the Vehicle API itself (automatic
 * refreshes and other viewers may be answered by a read shared across the console's instances).
 */
export function useForcedVehicleDataRefresh(org: string, vehicleId: string, section: string, query = '') {
  const queryClient = useQueryClient();
  return useCallback(() => {
    forceNextRead(vehicleDataPath(org, vehicleId, section, query));
    return queryClient.refetchQueries({ queryKey: vehicleDataKeys.section(org, vehicleId, section, query), exact: true });
  }, [queryClient, org, vehicleId, section, query]);
}
