'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountRecord } from '@/lib/vehicles/types';
import { apiFetch } from '@/lib/query/api-fetch';
import { vehicleKeys } from '@/lib/vehicles/query';
import { useCursorList } from '@/lib/list/use-cursor-list';

export const accountKeys = {
  all: (org: string) => ['accounts', org] as const,
  lists: (org: string) => ['accounts', org, 'list'] as const,
  list: (org: string, query: string) => ['accounts', org, 'list', query] as const,
  detail: (org: string, id: string) => ['accounts', org, 'detail', id] as const,
};

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
    },
  });
}

/** The OEM accounts, a cursor-paged list whose page and filter live in the URL. */
export function useAccountList(org: string) {
  return useCursorList<AccountRecord>({ endpoint: `/api/o/${org}/accounts`, keyOf: (q) => accountKeys.list(org, q) });
}
