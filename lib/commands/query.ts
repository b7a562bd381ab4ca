'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TERMINAL_STATES, type ExecutionView } from '@/lib/commands/execution-view';
import { pollDelayMs } from '@/lib/commands/poll-schedule';
import type { UnofferedCommandView } from '@/lib/commands/command-availability';
import { stillSettling } from '@/lib/commands/settling';
import { ApiClientError, apiFetch } from '@/lib/query/api-fetch';
import { IDEMPOTENCY_HEADER, commandFingerprint, createSubmitKeys } from '@/lib/commands/idempotency';
import type { SendCommandInput } from '@/lib/commands/schemas';
import { commandKeys } from '@/lib/commands/query-keys';

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

/** The commands the organization's service does not offer; refreshed with the history after every send. */
export function useUnofferedCommands(org: string) {
  return useQuery({
    queryKey: commandKeys.notOffered(org),
    queryFn: () => apiFetch<{ commands: UnofferedCommandView[] }>(`/api/o/${org}/commands/not-offered`).then((r) => r.commands),
    staleTime: 60_000,
  });
}

const vehicleCommandsPath = (org: string, vehicleId: string) => `/api/o/${org}/vehicles/${encodeURIComponent(vehicleId)}/commands`;

/** One execution, read once (the command already running when another was refused). */
export async function fetchExecution(org: string, id: string): Promise<ExecutionView> {
  const { execution } = await apiFetch<{ execution: ExecutionView }>(`/api/o/${org}/commands/${id}`);
  return execution;
}

/** The execution a refused command names when the same command is already running. */
export function runningExecutionOf(error: unknown): string | undefined {
  if (!(error instanceof ApiClientError) || error.code !== 'COMMAND_ALREADY_IN_PROGRESS') return undefined;
  return (error.details as { runningExecutionId?: string } | undefined)?.runningExecutionId;
}

export type SendCommandAnswer = { execution: ExecutionView; replayed?: boolean };

/**
 * Sends a command with its idempotency key: every attempt at the same intended command carries
 * the same key (lib/commands/idempotency.ts), so the server executes it once. A sent command
 * seeds its execution's entry and refreshes the history and the budget.
 */
export function useSendCommand(org: string, vehicleId: string) {
  const queryClient = useQueryClient();
  const [submitKeys] = useState(() => createSubmitKeys());
  return useMutation({
    mutationFn: async (input: SendCommandInput) => {
      const key = submitKeys.keyFor(commandFingerprint(vehicleId, input));
      try {
        const answer = await apiFetch<SendCommandAnswer>(vehicleCommandsPath(org, vehicleId), {
          method: 'POST',
          json: input,
          headers: { [IDEMPOTENCY_HEADER]: key },
        });
        submitKeys.settle(key, 200);
        return answer;
      } catch (error) {
        submitKeys.settle(
          key,
          error instanceof ApiClientError ? error.status : undefined,
          error instanceof ApiClientError ? error.code : undefined,
        );
        throw error;
      }
    },
    onSuccess: ({ execution }) => {
      queryClient.setQueryData(commandKeys.execution(org, execution.id), execution);
      void queryClient.invalidateQueries({ queryKey: commandKeys.all(org) });
      void queryClient.invalidateQueries({ queryKey: commandKeys.budget(org, vehicleId) });
    },
    onError: (error) => {
      if (!runningExecutionOf(error)) void queryClient.invalidateQueries({ queryKey: commandKeys.all(org) });
    },
  });
}
