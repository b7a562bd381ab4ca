'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListPage, VehicleRecord } from '@/lib/vehicles/types';
import type { RegistrationPlateInput } from '@/lib/vehicles/schemas';
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

/** The support bundle of a vehicle, or of a command execution's vehicle with that execution: read once per press, never cached. */
export function fetchSupportBundle(org: string, of: { vehicleId: string } | { executionId: string }): Promise<SupportBundle> {
  const path =
    'vehicleId' in of
      ? `${vehiclePath(org, of.vehicleId)}/support-bundle`
      : `/api/o/${org}/commands/${encodeURIComponent(of.executionId)}/support-bundle`;
  return apiFetch<SupportBundle>(path);
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
