'use client';

// Apart from query.ts: the vehicle header's listening switch is on every vehicle tab, and needs
// none of the command logic (idempotency, budgets, confirmation) the command hooks import.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import { commandKeys } from '@/lib/commands/query-keys';
import { vehicleKeys } from '@/lib/vehicles/query-keys';

/** Whether the vehicle listens, as the panel last learned it (seeded from the vehicle record, set by the switch). */
export function useListeningState(org: string, vehicleId: string, initial: boolean) {
  return useQuery({ queryKey: commandKeys.listening(org, vehicleId), queryFn: () => initial, initialData: initial, staleTime: Infinity });
}

export type ListeningState = { vehicleId: string; isListening: boolean; lastUpdated?: string | null; changed: boolean };

/** Switches the vehicle's listening; the answer becomes the panel's listening state and the vehicle is read again. */
export function useSetListening(org: string, vehicleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: boolean) =>
      apiFetch<ListeningState>(`/api/o/${org}/vehicles/${encodeURIComponent(vehicleId)}/listening`, {
        method: 'POST',
        json: { isListening: next },
      }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.detail(org, vehicleId) });
      queryClient.setQueryData(commandKeys.listening(org, vehicleId), result.isListening);
    },
  });
}
