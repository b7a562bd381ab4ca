'use client';

// Apart from query.ts: the rate-limits tab reads the vehicle's budgets and needs none of the
// command hooks (sending, history, execution polling) or what they import.

import { useQuery } from '@tanstack/react-query';
import { newestCommandBudget } from '@/lib/commands/command-availability';
import { commandKeys } from '@/lib/commands/query-keys';
import { apiFetch } from '@/lib/query/api-fetch';
import type { RateLimitsResponse } from '@/lib/vehicle-data/types';

/** A vehicle's request budgets: the rate-limits tab and the command panel share this entry (one request feeds both). */
export function useRateLimits<T = RateLimitsResponse>(org: string, vehicleId: string, select?: (data: RateLimitsResponse) => T) {
  return useQuery({
    queryKey: commandKeys.budget(org, vehicleId),
    queryFn: () => apiFetch<RateLimitsResponse>(`/api/o/${org}/vehicles/${encodeURIComponent(vehicleId)}/rate-limits`),
    select,
    staleTime: 5_000,
  });
}

/** The command budget: the `..._COMMANDS` key, whatever its prefix (`OEM_` in the contract, a brand's at the vendor). */
export function useCommandBudget(org: string, vehicleId: string) {
  return useRateLimits(org, vehicleId, newestCommandBudget);
}
