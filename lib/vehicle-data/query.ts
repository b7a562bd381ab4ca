'use client';

import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import { vehicleDataKeys } from '@/lib/vehicle-data/query-keys';

export function vehicleDataPath(org: string, vehicleId: string, section: string, query?: string | URLSearchParams): string {
  const search = query?.toString();
  return `/api/o/${org}/vehicles/${encodeURIComponent(vehicleId)}/${section}${search ? `?${search}` : ''}`;
}

type Extra<T> = Omit<UseQueryOptions<T, Error, T, readonly unknown[]>, 'queryKey' | 'queryFn'>;

/** One vehicle data route through TanStack Query: `section` is the path under the vehicle (`telemetry`, `maintenance/tires`). */
export function useVehicleData<T>(org: string, vehicleId: string, section: string, query = '', options: Extra<T> = {}) {
  return useQuery({
    queryKey: vehicleDataKeys.section(org, vehicleId, section, query),
    queryFn: ({ signal }) => apiFetch<T>(vehicleDataPath(org, vehicleId, section, query), { signal }),
    ...options,
  });
}
