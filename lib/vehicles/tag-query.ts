'use client';

// The tags of a vehicle (or an account's vehicles): read, add, remove. Apart from query.ts, the
// vehicle record's hooks.

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import { vehicleKeys } from '@/lib/vehicles/query-keys';
import type { TagInput } from '@/lib/vehicles/schemas';
import type { TagRecord } from '@/lib/vehicles/types';

/** Where a tag goes: one vehicle, or every vehicle of an OEM account. */
export type TagTarget = { vehicleId: string } | { accountId: string };

const tagsPath = (org: string, target: TagTarget) =>
  'vehicleId' in target
    ? `/api/o/${org}/vehicles/${encodeURIComponent(target.vehicleId)}/tags`
    : `/api/o/${org}/accounts/${encodeURIComponent(target.accountId)}/tags`;

/** What a change of a vehicle's tags makes stale: its tags, the page tags and the lists (filters by tag). */
function refreshVehicleTags(queryClient: QueryClient, org: string, vehicleId: string) {
  void queryClient.invalidateQueries({ queryKey: vehicleKeys.tags(org, vehicleId) });
  void queryClient.invalidateQueries({ queryKey: vehicleKeys.allPageTags(org) });
  void queryClient.invalidateQueries({ queryKey: vehicleKeys.lists(org) });
}

export function useVehicleTags(org: string, vehicleId: string) {
  return useQuery({
    queryKey: vehicleKeys.tags(org, vehicleId),
    queryFn: () => apiFetch<{ tags: TagRecord[] }>(tagsPath(org, { vehicleId })),
  });
}

export function useAddTag(org: string, target: TagTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: TagInput) => apiFetch<{ tag: TagInput }>(tagsPath(org, target), { method: 'POST', json: tag }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.tagsSeen(org) });
      // An account's tag lands on each of its vehicles: everything about vehicles is stale.
      if ('vehicleId' in target) refreshVehicleTags(queryClient, org, target.vehicleId);
      else void queryClient.invalidateQueries({ queryKey: vehicleKeys.all(org) });
    },
  });
}

export function useRemoveTag(org: string, vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: TagRecord) => apiFetch(`${tagsPath(org, { vehicleId })}?${new URLSearchParams(tag)}`, { method: 'DELETE' }),
    onSuccess: () => refreshVehicleTags(queryClient, org, vehicleId),
  });
}
