'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { useCan } from '@/components/layout/session-role';
import { SubmitButton } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, failureClass, inputClass } from '@/components/ui/field';
import { toast } from '@/components/ui/toast';
import { previewBulkJob, startBulkJob } from '@/lib/bulk/start-query';
import type { BulkJobInput, BulkSelection } from '@/lib/bulk/schemas';
import type { SendCommandInput } from '@/lib/commands/schemas';
import type { CommandName } from '@/lib/contract/vehicle-api';
import { bulkActionPermission, bulkCommandName, describeBulkAction, TYPE_BACK_ABOVE, type BulkActionName } from '@/lib/bulk/bulk-job-view';

const ACTIONS: { value: BulkActionName; label: string }[] = [
  { value: 'tag.add', label: 'Add a tag' },
  { value: 'tag.remove', label: 'Remove a tag' },
  { value: 'listening.on', label: 'Turn listening on' },
  { value: 'listening.off', label: 'Turn listening off' },
  { value: 'command', label: 'Send a command' },
];

// The less-used "Send a command" action: its picker and the command catalog load when it is chosen.
const BulkCommandFields = clientLazy(() => import('./bulk-command-fields').then((m) => m.BulkCommandFields));

type ListFilter = { filter?: string; tagKey?: string; tagValue?: string };

/**
 * One action over many vehicles, in the list's selection bar: the rows chosen in the table (its
 * header's box chooses the whole page), or every vehicle the list's filter matches (`scope`). The
 * confirmation names the count (counted by the server) and the action; the job then runs in the
 * background and its page shows the progress.
 */
export function BulkActions({
  org,
  selectedIds,
  scope,
  onClearSelection,
  listFilter,
}: {
  org: string;
  /** The rows chosen in the table, on this page. */
  selectedIds: string[];
  scope: 'selected' | 'filter';
  onClearSelection: () => void;
  listFilter: ListFilter;
}) {
  const router = useRouter();
  const canTag = useCan('tags.write');
  const canListen = useCan('listening.write');
  const canCommand = useCan('commands.send');
  const [command, setCommand] = useState<CommandName>('LOCK_DOORS');
  const [argValues, setArgValues] = useState<Record<string, string>>({});
  const id = useId();
  const [action, setAction] = useState<BulkActionName>(canTag ? 'tag.add' : 'listening.on');
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{
    input: BulkJobInput;
    count: number;
    command?: { label: string; confirm?: string };
  } | null>(null);
  if (!canTag && !canListen && !canCommand) return null;
  const granted: Record<string, boolean> = { 'tags.write': canTag, 'listening.write': canListen, 'commands.send': canCommand };
  const allowed = ACTIONS.filter((a) => granted[bulkActionPermission(a.value)]);
  const isTag = action.startsWith('tag.');

  function input(command: SendCommandInput | null): BulkJobInput {
    const selection: BulkSelection =
      scope === 'selected'
        ? { mode: 'ids', vehicleIds: selectedIds }
        : {
            mode: 'filter',
            filter: listFilter.filter || undefined,
            tagKey: listFilter.tagKey || undefined,
            tagValue: listFilter.tagValue || undefined,
          };
    if (action === 'tag.add' || action === 'tag.remove') return { action, tag: { key: key.trim(), value: value.trim() }, selection };
    if (action === 'command') return { action, command: command!, selection };
    return { action, selection };
  }

  /**
   * The command with its arguments, checked by the schema the server uses; null (and the reason
   * shown) when refused. The schema, and zod with it, load on the first review, not with the list.
   */
  async function commandInput(): Promise<{ input: SendCommandInput; text: { label: string; confirm?: string } } | null> {
    const [{ sendCommandSchema }, { bulkCommandArgs, bulkCommandText }] = await Promise.all([
      import('@/lib/commands/schemas'),
      import('./bulk-command-fields'),
    ]);
    const args = bulkCommandArgs(command, argValues);
    const parsed = sendCommandSchema.safeParse(args ? { command, args } : { command });
    if (!parsed.success) {
      setFailure(parsed.error.issues[0]?.message ?? 'Check the command arguments.');
      return null;
    }
    return { input: parsed.data, text: bulkCommandText(command) };
  }

  async function review(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (isTag && (!key.trim() || !value.trim())) return setFailure('Enter the tag key and value.');
    setPending(true);
    try {
      const command = action === 'command' ? await commandInput() : null;
      if (action === 'command' && command === null) return;
      if (scope === 'selected' && selectedIds.length === 0) return setFailure('Select vehicles in the table first.');
      const next = input(command?.input ?? null);
      const { preview } = await previewBulkJob(org, next);
      if (preview.count === 0) setFailure('No vehicle matches this selection.');
      else setConfirm({ input: next, count: preview.count, command: command?.text });
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <form onSubmit={review} aria-label="Bulk action" className="space-y-2">
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1">
            <label htmlFor={`${id}-action`} className="block text-xs font-medium">
              Action
            </label>
            <select id={`${id}-action`} className={inputClass} value={action} onChange={(e) => setAction(e.target.value as BulkActionName)}>
              {allowed.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
          {action === 'command' ? (
            <BulkCommandFields
              id={id}
              command={command}
              onCommandChange={(next) => {
                setCommand(next);
                setArgValues({});
              }}
              argValues={argValues}
              onArgChange={(name, value) => setArgValues((current) => ({ ...current, [name]: value }))}
            />
          ) : null}
          {isTag ? (
            <>
              <Field
                id={`${id}-key`}
                label="Key of the tag"
                compact
                value={key}
                onChange={(e) => setKey(e.target.value)}
                maxLength={150}
                className="w-36"
              />
              <Field
                id={`${id}-value`}
                label="Value of the tag"
                compact
                value={value}
                onChange={(e) => setValue(e.target.value)}
                maxLength={150}
                className="w-36"
              />
            </>
          ) : null}
          <SubmitButton variant="secondary" pending={pending} pendingLabel="Counting…">
            Review
          </SubmitButton>
        </div>
        {failure ? (
          <p role="alert" className={failureClass}>
            {failure}
          </p>
        ) : null}
      </form>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        tone="primary"
        title={
          confirm
            ? `${describeBulkAction(
                confirm.input.action,
                'tag' in confirm.input ? confirm.input.tag : null,
                confirm.count,
                'command' in confirm.input && confirm.command
                  ? bulkCommandName(confirm.command.label, confirm.input.command.args)
                  : undefined,
              )}?`
            : ''
        }
        typeToConfirm={confirm && confirm.input.action === 'command' && confirm.count > TYPE_BACK_ABOVE ? String(confirm.count) : undefined}
        description={
          <>
            {confirm?.command?.confirm ? (
              <p className="font-medium">
                On each vehicle: {confirm.command.confirm} This one confirmation covers all {confirm.count}.
              </p>
            ) : null}
            <p>
              Motorpool records the job with each of the {confirm?.count} vehicles first, then works through them in the background, within
              the Vehicle API&apos;s limits. You can pause, resume or cancel it, and download every vehicle&apos;s outcome.
            </p>
          </>
        }
        confirmLabel={confirm ? `Start: ${confirm.count} vehicle${confirm.count === 1 ? '' : 's'}` : 'Start'}
        onConfirm={async () => {
          if (!confirm) return;
          try {
            const { job } = await startBulkJob(
              org,
              confirm.input.action === 'command' && confirm.count > TYPE_BACK_ABOVE
                ? { ...confirm.input, confirmedCount: confirm.count }
                : confirm.input,
            );
            onClearSelection();
            toast.success(`Bulk job started: ${job.total} vehicles.`);
            router.push(`/o/${org}/bulk/${job.id}`);
          } catch (error) {
            setFailure((error as Error).message);
          }
        }}
      />
    </>
  );
}
