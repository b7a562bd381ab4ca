'use client';

import { useQuery } from '@tanstack/react-query';
import type { RateLimitsResponse } from '@/lib/vehicle-data/types';
import { TERMINAL_STATES, type ExecutionView } from '@/lib/commands/execution-view';
import { pollDelayMs } from '@/lib/commands/poll-schedule';
import { newestCommandBudget, type UnofferedCommandView } from '@/lib/commands/command-availability';
import { isConfirmable } from '@/lib/commands/effect-confirmation';
import { apiFetch } from '@/lib/query/api-fetch';

/** Query keys of commands: the history (all or one vehicle's), one execution, a vehicle's budget and listening state. */
export const commandKeys = {
  all: (org: string) => ['commands', org] as const,
  history: (org: string, vehicleId: string | undefined, query: string) => ['commands', org, vehicleId ?? 'all', query] as const,
  execution: (org: string, id: string) => ['execution', org, id] as const,
  budget: (org: string, vehicleId: string) => ['rate-limits', org, vehicleId] as const,
  listening: (org: string, vehicleId: string) => ['listening', org, vehicleId] as const,
  notOffered: (org: string) => ['commands', org, 'not-offered'] as const,
};

/** How long after EXECUTED a view keeps asking for the vehicle's confirmation (the job reads telemetry a few seconds later). */
const CONFIRMATION_WAIT_MS = 60_000;

/** Still changing: pending, or executed and waiting for the vehicle's data to confirm it. */
export function stillSettling(execution: ExecutionView): boolean {
  if (!TERMINAL_STATES.has(execution.state)) return true;
  return (
    execution.state === 'executed' &&
    execution.confirmation === null &&
    isConfirmable(execution.command) &&
    execution.settledAt !== null &&
    Date.now() - new Date(execution.settledAt).getTime() < CONFIRMATION_WAIT_MS
  );
}

/**
 * One execution, polled while it is pending (and a little after, for the vehicle's confirmation). TanStack Query pauses the interval while the tab is
 * hidden (refetchIntervalInBackground is off) and resumes when it is shown.
 */
export function useExecution(org: string, id: string | null, initial?: ExecutionView) {
  return useQuery({
    queryKey: commandKeys.execution(org, id ?? 'none'),
    queryFn: () => apiFetch<{ execution: ExecutionView }>(`/api/o/${org}/commands/${id}`).then((r) => r.execution),
    enabled: id !== null,
    initialData: initial,
    staleTime: 0,
    refetchInterval: (query) => {
      const execution = query.state.data;
      if (!execution || !stillSettling(execution)) return false;
      if (TERMINAL_STATES.has(execution.state)) return 2_000;
      return pollDelayMs(Date.now() - new Date(execution.requestedAt).getTime());
    },
  });
}

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

/** The commands the organization's service does not offer; refreshed with the history after every send. */
export function useUnofferedCommands(org: string) {
  return useQuery({
    queryKey: commandKeys.notOffered(org),
    queryFn: () => apiFetch<{ commands: UnofferedCommandView[] }>(`/api/o/${org}/commands/not-offered`).then((r) => r.commands),
    staleTime: 60_000,
  });
}

/** Whether the vehicle listens, as the panel last learned it (seeded from the vehicle record, set by the switch). */
export function useListeningState(org: string, vehicleId: string, initial: boolean) {
  return useQuery({ queryKey: commandKeys.listening(org, vehicleId), queryFn: () => initial, initialData: initial, staleTime: Infinity });
}
