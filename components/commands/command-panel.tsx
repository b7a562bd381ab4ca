'use client';

import { AlertTriangle } from 'lucide-react';
import { clientLazy } from '@/components/ui/client-lazy';
import { useState } from 'react';
import { LoadingRows } from '@/components/ui/states';
import { toast } from '@/components/ui/toast';
import { useCan } from '@/components/layout/session-role';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { COMMAND_CATALOG, COMMAND_CONFIRMATIONS, COMMAND_GROUPS, commandLabel } from '@/lib/commands/catalog';
import type { ExecutionView } from '@/lib/commands/execution-view';
import { ApiClientError } from '@/lib/query/api-fetch';
import { fetchExecution, runningExecutionOf, useSendCommand, useUnofferedCommands } from '@/lib/commands/query';
import { useListeningState } from '@/lib/commands/listening-query';
import { useRateLimits } from '@/lib/commands/budget-query';
import { spentBudgetReason } from '@/lib/commands/command-availability';
import { formatDateOnly } from '@/lib/format/time';
import { usePreferences } from '@/lib/hooks/use-preferences';
import type { SendCommandInput } from '@/lib/commands/schemas';
import { COMMAND_NAMES, commandHasBody, type CommandName } from '@/lib/contract/vehicle-api';
import { CommandBudget } from './command-budget';
import { CommandButton } from './command-button';
import { useExecutionWatcher } from './execution-watcher';

/** Loaded when a command with arguments is chosen: the form brings zod and react-hook-form with it. */
const CommandArgsForm = clientLazy(
  () => import('./command-args-form').then((m) => m.CommandArgsForm),
  () => <p className="text-sm">Loading the form…</p>,
);

/** Below the commands, so it loads after the page is on screen: it keeps the vehicle page's first load under budget. */
const CommandHistory = clientLazy(
  () => import('./command-history').then((m) => m.CommandHistory),
  () => <LoadingRows label="Loading the command history" />,
);

/**
 * The command just sent, followed live: its state, why it failed in words, the events received about
 * it. Loaded as a command goes out (`loadLiveExecution` in `sendCommand`), never at first paint: the
 * panel shows it only after a send in this visit. It brings the failure catalog and the events list.
 */
const loadLiveExecution = () => import('./live-execution');
const LiveExecution = clientLazy(
  () => loadLiveExecution().then((m) => m.LiveExecution),
  () => (
    <section aria-label="Latest command" className="min-h-24 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <LoadingRows label="Loading the latest command" rows={2} />
    </section>
  ),
);

type Props = { org: string; vehicleId: string; vehicleName: string; isListening: boolean };
type Pending = { input: SendCommandInput; warnings: string[] };

/** The remote commands of one vehicle: send with confirmation where it matters, watch the outcome live. */
export function CommandPanel({ org, vehicleId, vehicleName, isListening: initialListening }: Props) {
  const canSend = useCan('commands.send');
  const watcher = useExecutionWatcher();
  const listening = useListeningState(org, vehicleId, initialListening);
  const blockedBecause = useSpentBudgets(org, vehicleId);
  const notOffered = useNotOfferedNotes(org);
  const [current, setCurrent] = useState<{ execution: ExecutionView; note?: string } | null>(null);
  const [argsFor, setArgsFor] = useState<CommandName | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const send = useSendCommand(org, vehicleId);
  const sendCommand = (input: SendCommandInput) => {
    void loadLiveExecution();
    return send.mutate(input, {
      onSuccess: ({ execution, replayed }) => {
        setCurrent({
          execution,
          note: replayed ? 'This command had already been sent; nothing new was sent. Here is its execution.' : undefined,
        });
        setArgsFor(null);
        watcher.watch(execution);
      },
      onError: async (error) => {
        const runningId = runningExecutionOf(error);
        if (runningId) {
          const execution = await fetchExecution(org, runningId);
          setCurrent({ execution, note: 'This command was already running, so nothing new was sent. Here is the one in progress.' });
          watcher.watch(execution);
          return;
        }
        toast.error(
          `${error.message}${error instanceof ApiClientError && (error.upstreamRequestId ?? error.requestId) ? ` (request id ${error.upstreamRequestId ?? error.requestId})` : ''}`,
        );
      },
    });
  };

  /** Refuses a command whose budget is spent; asks first when the command is physical; otherwise sends at once. */
  const request = (input: SendCommandInput) => {
    const spent = blockedBecause(input.command);
    if (spent) {
      toast.error(spent);
      return;
    }
    const confirm = COMMAND_CONFIRMATIONS[input.command];
    if (confirm) setPending({ input, warnings: [confirm] });
    else sendCommand(input);
  };

  return (
    <Card aria-labelledby="commands-heading">
      <CardHeader
        id="commands-heading"
        title="Remote commands"
        description="Commands reach the vehicle through its manufacturer; the outcome arrives a few seconds later."
        actions={<CommandBudget org={org} vehicleId={vehicleId} />}
      />
      <CardBody className="space-y-5">
        {!listening.data ? (
          <p
            role="note"
            className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          >
            <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            Listening is off for this vehicle, so the Vehicle API refuses its commands (they end as failed with NOT_PERMITTED). Switch
            listening on first.
          </p>
        ) : null}

        {canSend ? (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-4">
            {COMMAND_GROUPS.map((group) => (
              <fieldset key={group.id} className="space-y-2">
                <legend className="mb-1 text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
                  {group.label}
                </legend>
                {COMMAND_NAMES.filter((c) => COMMAND_CATALOG[c].group === group.id).map((command) => (
                  <CommandButton
                    key={command}
                    command={command}
                    expanded={argsFor === command}
                    busy={send.isPending}
                    note={notOffered.get(command)}
                    blockedBecause={blockedBecause(command)}
                    onPress={() =>
                      commandHasBody(command) ? setArgsFor(argsFor === command ? null : command) : request({ command } as SendCommandInput)
                    }
                  />
                ))}
              </fieldset>
            ))}
          </div>
        ) : null}

        {canSend && argsFor ? (
          <CommandArgsForm key={argsFor} command={argsFor} busy={send.isPending} onSubmit={request} onCancel={() => setArgsFor(null)} />
        ) : null}

        {current ? <LiveExecution org={org} initial={current.execution} note={current.note} /> : null}

        <div>
          <h3 className="mb-2 text-sm font-semibold">History of this vehicle</h3>
          <CommandHistory org={org} vehicleId={vehicleId} />
        </div>
      </CardBody>

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? `${commandLabel(pending.input.command)} on ${vehicleName}?` : ''}
        description={
          <ul className="list-disc space-y-1 pl-5">
            {pending?.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        }
        confirmLabel={pending ? `Send ${commandLabel(pending.input.command).toLowerCase()}` : 'Send'}
        tone="primary"
        onConfirm={() => {
          if (pending) sendCommand(pending.input);
          setPending(null);
        }}
      />
    </Card>
  );
}

/** Why a command's budget keeps it from being sent now, from the vehicle's rate limits as last read. */
function useSpentBudgets(org: string, vehicleId: string): (command: CommandName) => string | undefined {
  const { data, dataUpdatedAt } = useRateLimits(org, vehicleId);
  const { zone } = usePreferences();
  return (command) => (data ? spentBudgetReason(command, data.limits, new Date(dataUpdatedAt), zone) : undefined);
}

/** "Not offered by this service" under each command the organization's service answered a framework 404. */
function useNotOfferedNotes(org: string): Map<string, string> {
  const { data = [] } = useUnofferedCommands(org);
  const { zone } = usePreferences();
  return new Map(
    data.map((c) => [
      c.command,
      `Not offered by this service (it answered “not found” on ${formatDateOnly(new Date(c.learnedAt), zone)}).`,
    ]),
  );
}
