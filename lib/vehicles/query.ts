'use client';

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ListPage, TagRecord, VehicleRecord } from '@/lib/vehicles/types';
import type { RegistrationPlateInput, TagInput } from '@/lib/vehicles/schemas';
import type { SupportBundle } from '@/lib/support/support-bundle';
import { apiFetch } from '@/lib/query/api-fetch';
import { vehicleKeys } from '@/lib/vehicles/query-keys';

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

/** Where a tag goes: one vehicle, or every vehicle of an OEM account. */
export type TagTarget = { vehicleId: string } | { accountId: string };

const tagsPath = (org: string, target: TagTarget) =>
  'vehicleId' in target
    ? `${vehiclePath(org, target.vehicleId)}/tags`
    : `/api/o/${org}/accounts/${encodeURIComponent(target.accountId)}/tags`;

/** What a change of a vehicle's tags makes stale: its tags, the page tags and the lists (filters by tag). */
function refreshVehicleTags(queryClient: QueryClient, org: string, vehicleId: string) {
  void queryClient.invalidateQueries({ queryKey: vehicleKeys.tags(org, vehicleId) });
  void queryClient.invalidateQueries({ queryKey: vehicleKeys.allPageTags(org) });
  void queryClient.invalidateQueries({ queryKey: vehicleKeys.lists(org) });
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

export function useSetRegistrationPlate(org: string, vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistrationPlateInput) =>
      apiFetch<{ vehicle: VehicleRecord }>(`${vehiclePath(org, vehicleId)}/registration-plate`, { method: 'POST', json: input }),
    onSuccess: ({ vehicle }) => {
      queryClient.setQueryData(vehicleKeys.detail(org, vehicleId), { vehicle });
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.lists(org) });
    },
  });
}

export type VehicleDisconnected = { processing: boolean; requestId?: string };

/** Disconnects a vehicle; on success it leaves every cached list at once (the lists are marked stale, not read again). */
export function useDisconnectVehicle(org: string, vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<VehicleDisconnected>(vehiclePath(org, vehicleId), { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.setQueriesData<ListPage<VehicleRecord>>({ queryKey: vehicleKeys.lists(org) }, (page) =>
        page
          ? {
              ...page,
              items: page.items.filter((v) => v.id !== vehicleId),
              totalResults: page.totalResults === null ? null : page.totalResults - 1,
            }
          : page,
      );
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.lists(org), refetchType: 'none' });
    },
  });
}
