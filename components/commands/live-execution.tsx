'use client';

import { ExecutionEvents } from '@/components/webhooks/vehicle-events';
import { commandLabel } from '@/lib/commands/catalog';
import type { ExecutionView } from '@/lib/commands/execution-view';
import { useExecution } from '@/lib/commands/query';
import { stillSettling } from '@/lib/commands/settling';
import { ExecutionOutcome, ExecutionStateBadge } from './execution-state-badge';

/** The command just sent from the panel, followed until it settles. */
export function LiveExecution({ org, initial, note }: { org: string; initial: ExecutionView; note?: string }) {
  const { data: execution = initial } = useExecution(org, initial.id, initial);
  return (
    <section aria-label="Latest command" aria-live="polite" className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      {note ? <p className="mb-2 text-sm font-medium">{note}</p> : null}
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{commandLabel(execution.command)}</span>
        <ExecutionStateBadge execution={execution} />
        {execution.upstreamRequestId ? (
          <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">request {execution.upstreamRequestId}</span>
        ) : null}
      </div>
      <div className="mt-2">
        <ExecutionOutcome execution={execution} />
      </div>
      <ExecutionEvents org={org} executionId={execution.id} settled={!stillSettling(execution)} />
    </section>
  );
}
