'use client';

import { useQuery } from '@tanstack/react-query';
import type { AccountRecord } from '@/lib/vehicles/types';
import { apiFetch } from '@/lib/query/api-fetch';

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
