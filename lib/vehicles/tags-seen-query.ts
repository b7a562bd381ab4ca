'use client';

// The organization's tags as an autocomplete, apart from tag-query.ts: the vehicles list's tag
// filter needs this read only, not the hooks that change a vehicle's tags.

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import { vehicleKeys } from '@/lib/vehicles/query-keys';
import type { TagRecord } from '@/lib/vehicles/types';

/** The tag autocomplete. */
export function useTagsSeen(org: string) {
  return useQuery({
    queryKey: vehicleKeys.tagsSeen(org),
    queryFn: () => apiFetch<{ tags: TagRecord[] }>(`/api/o/${org}/vehicles/tags/seen`),
    staleTime: 60_000,
  });
}
