'use client';

import { useQuery } from '@tanstack/react-query';
import { TERMINAL_STATES, type ExecutionView } from '@/lib/commands/execution-view';
import { pollDelayMs } from '@/lib/commands/poll-schedule';
import { apiFetch } from './api-fetch';

export const executionKey = (org: string, id: string) => ['execution', org, id] as const;


/**
 * One execution, polled while it is pending. TanStack Query pauses the interval while the tab is
 * hidden (refetchIntervalInBackground is off) and resumes when it is shown.
 */
export function useExecution(org: string, id: string | null, initial?: ExecutionView) {
  return useQuery({
    queryKey: executionKey(org, id ?? 'none'),
    queryFn: () => apiFetch<{ execution: ExecutionView }>(`/api/o/${org}/commands/${id}`).then((r) => r.execution),
    enabled: id !== null,
    initialData: initial,
    staleTime: 0,
    refetchInterval: (query) => {
      const execution = query.state.data;
      if (!execution || TERMINAL_STATES.has(execution.state)) return false;
      return pollDelayMs(Date.now() - new Date(execution.requestedAt).getTime());
    },
  });
}
