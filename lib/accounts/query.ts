'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountRecord, ListPage, VehicleRecord } from '@/lib/vehicles/types';
import { apiFetch } from '@/lib/query/api-fetch';
import { vehicleKeys } from '@/lib/vehicles/query-keys';
import { accountKeys } from '@/lib/accounts/query-keys';

export function useAccount(org: string, accountId: string, options: { initial?: { account: AccountRecord }; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: accountKeys.detail(org, accountId),
    queryFn: () => apiFetch<{ account: AccountRecord }>(`/api/o/${org}/accounts/${encodeURIComponent(accountId)}`),
    initialData: options.initial,
    enabled: options.enabled ?? true,
  });
}

/** Disconnects an OEM account. Lists only are read again: the account and its vehicles are gone upstream, a detail read would be a 404. */
export function useDisconnectAccount(org: string, accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/api/o/${org}/accounts/${encodeURIComponent(accountId)}/disconnect`, { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.lists(org) });
      void queryClient.invalidateQueries({ queryKey: vehicleKeys.lists(org) });
      void queryClient.invalidateQueries({ queryKey: accountKeys.disconnected(org) });
      void queryClient.invalidateQueries({ queryKey: accountKeys.consent(org, accountId, null) });
    },
  });
}

/** The vehicles of one OEM account, at most one page of the largest size (none while `enabled` is false). */
export function useAccountVehicles(org: string, queryString: string, enabled: boolean) {
  return useQuery({
    queryKey: vehicleKeys.list(org, queryString),
    queryFn: () => apiFetch<ListPage<VehicleRecord>>(`/api/o/${org}/vehicles?${queryString}`),
    enabled,
  });
}
