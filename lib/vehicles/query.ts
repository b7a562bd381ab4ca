'use client';

import { useQuery } from '@tanstack/react-query';
import type { TagRecord, VehicleRecord } from '@/lib/vehicles/types';
import type { SupportBundle } from '@/lib/support/support-bundle';
import { apiFetch } from '@/lib/query/api-fetch';

/** Query keys of vehicles; a key is a prefix of every key below it, so `all(org)` refreshes every list and detail. */
export const vehicleKeys = {
  all: (org: string) => ['vehicles', org] as const,
  lists: (org: string) => ['vehicles', org, 'list'] as const,
  list: (org: string, query: string) => ['vehicles', org, 'list', query] as const,
  detail: (org: string, id: string) => ['vehicles', org, 'detail', id] as const,
  tags: (org: string, id: string) => ['vehicles', org, 'tags', id] as const,
  allPageTags: (org: string) => ['vehicles', org, 'page-tags'] as const,
  pageTags: (org: string, ids: string) => ['vehicles', org, 'page-tags', ids] as const,
  tagsSeen: (org: string) => ['tags-seen', org] as const,
};

const vehiclePath = (org: string, id: string) => `/api/o/${org}/vehicles/${encodeURIComponent(id)}`;

/** One vehicle; the header, the command panel and the details tab share this entry. */
export function useVehicle(org: string, vehicleId: string, options: { initial?: { vehicle: VehicleRecord }; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: vehicleKeys.detail(org, vehicleId),
    queryFn: () => apiFetch<{ vehicle: VehicleRecord }>(vehiclePath(org, vehicleId)),
    initialData: options.initial,
    enabled: options.enabled ?? true,
  });
}

export function useVehicleTags(org: string, vehicleId: string) {
  return useQuery({
    queryKey: vehicleKeys.tags(org, vehicleId),
    queryFn: () => apiFetch<{ tags: TagRecord[] }>(`${vehiclePath(org, vehicleId)}/tags`),
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

/** The tag autocomplete. */
export function useTagsSeen(org: string) {
  return useQuery({
    queryKey: vehicleKeys.tagsSeen(org),
    queryFn: () => apiFetch<{ tags: TagRecord[] }>(`/api/o/${org}/vehicles/tags/seen`),
    staleTime: 60_000,
  });
}

/** The support bundle of a vehicle, or of a command execution's vehicle with that execution: read once per press, never cached. */
export function fetchSupportBundle(org: string, of: { vehicleId: string } | { executionId: string }): Promise<SupportBundle> {
  const path =
    'vehicleId' in of
      ? `${vehiclePath(org, of.vehicleId)}/support-bundle`
      : `/api/o/${org}/commands/${encodeURIComponent(of.executionId)}/support-bundle`;
  return apiFetch<SupportBundle>(path);
}
