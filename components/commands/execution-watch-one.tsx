'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { commandLabel } from '@/lib/commands/catalog';
import { TERMINAL_STATES, type ExecutionView } from '@/lib/commands/execution-view';
import { explainFailedReason } from '@/lib/contract/failed-reason-text';
import { useExecution } from '@/lib/commands/query';
import { commandKeys } from '@/lib/commands/query-keys';

/** Follows one execution and says in a toast how it ended. */
export function WatchOne({ org, execution, onSettled }: { org: string; execution: ExecutionView; onSettled: (id: string) => void }) {
  const queryClient = useQueryClient();
  const { data } = useExecution(org, execution.id, execution);
  const state = data?.state;
  useEffect(() => {
    if (!data || !TERMINAL_STATES.has(data.state)) return;
    const what = `${commandLabel(data.command)} on ${data.vehicleId}`;
    if (data.state === 'executed') toast.success(`${what}: executed.`);
    else if (data.state === 'failed') toast.error(`${what} failed: ${explainFailedReason(data.failedReason).title}`);
    else toast.warning(`${what}: outcome ${data.state}.`);
    void queryClient.invalidateQueries({ queryKey: commandKeys.all(org) });
    onSettled(data.id);
    // Only a change of state matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);
  return null;
}
