'use client';

import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { PlainTable } from '@/components/ui/plain-table';
import { useCan } from '@/components/layout/session-role';
import { Button, SubmitButton } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { QuerySectionCard } from '@/components/ui/query-state';
import { CopyButton } from '@/components/ui/copy-button';
import { SecretField } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { EmptyState } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { TableScroll } from '@/components/ui/table-scroll';
import { Time } from '@/components/ui/time';
import type { WebhookEventView } from '@/lib/webhooks/webhook-events';
import { ApiClientError } from '@/lib/query/api-fetch';
import { useSaveWebhookSecret, useSendTestEvent, useSetPolling, useWebhookSettings } from '@/lib/webhooks/query';
import type { Tone } from '@/lib/tone';
import { lazyZodResolver } from '@/lib/validations/lazy-resolver';

const secretResolver = lazyZodResolver(() => import('@/lib/webhooks/schemas').then((m) => m.webhookSecretSchema));

type SecretForm = { secret: string | null };

const OUTCOME: Record<string, { tone: Tone; label: string }> = {
  applied: { tone: 'success', label: 'Applied' },
  recorded: { tone: 'info', label: 'Recorded' },
  ignored: { tone: 'neutral', label: 'Ignored' },
  invalid: { tone: 'danger', label: 'Invalid' },
  failed: { tone: 'danger', label: 'Failed' },
};

function Outcome({ event }: { event: WebhookEventView }) {
  const outcome = event.outcome ? OUTCOME[event.outcome] : undefined;
  return (
    <span title={event.detail ?? undefined}>
      <StatusBadge tone={outcome?.tone ?? 'pending'}>{outcome?.label ?? 'Applying'}</StatusBadge>
    </span>
  );
}

/** Settings → Events: where the vendor sends its webhooks, the signing secret (write-only) and what arrived. */
export function WebhookPanel({ org }: { org: string }) {
  const canWrite = useCan('settings.write');
  const settings = useWebhookSettings(org);
  const form = useForm<SecretForm>({ resolver: secretResolver, defaultValues: { secret: '' } });
  const save = useSaveWebhookSecret(org);
  const polling = useSetPolling(org);
  const test = useSendTestEvent(org);
  const saveSecret = (values: SecretForm) =>
    save.mutate(values, {
      onSuccess: () => {
        toast.success(values.secret === null ? 'Signing secret removed: events are no longer accepted.' : 'Signing secret saved.');
        form.reset({ secret: '' });
      },
      onError: (error) => {
        if (error instanceof ApiClientError && error.fields?.secret) form.setError('secret', { message: error.fields.secret[0] });
        toast.error(error.message);
      },
    });
  const setPolling = (enabled: boolean) =>
    polling.mutate(enabled, {
      onSuccess: () =>
        toast.success(enabled ? 'Command outcomes are asked of the Vehicle API again.' : 'Command outcomes now come from events only.'),
      onError: (error) => toast.error(error.message),
    });
  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: (result) => {
        if (result.status < 300) toast.success('Test event received.');
        else toast.error(`The receiver answered ${result.status}.`);
      },
      onError: (error) => toast.error(error.message),
    });

  return (
    <QuerySectionCard
      id="events-heading"
      title="Events (webhooks)"
      description="The Vehicle API pushes command outcomes and vehicle events here; polling covers the rest."
      query={settings}
      loading="Loading events"
    >
      {(data) => (
        <div className="space-y-4">
          <div className="space-y-1">
            <p className="text-sm font-medium">Receiver URL</p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Paste it into the vendor’s portal as the webhook endpoint.</p>
            <div className="flex items-center gap-2">
              <code className="min-w-0 flex-1 truncate rounded bg-zinc-100 px-2 py-1 text-xs dark:bg-zinc-800" data-testid="receiver-url">
                {data.receiverUrl}
              </code>
              <CopyButton value={data.receiverUrl} label="Copy receiver URL" />
            </div>
          </div>
          <p className="text-sm">
            Signing secret:{' '}
            {data.hasSecret ? (
              <StatusBadge tone="success">stored, not shown</StatusBadge>
            ) : (
              <StatusBadge tone="neutral">none: events are refused</StatusBadge>
            )}
          </p>
          {canWrite ? (
            <Checkbox
              label="Also ask the Vehicle API for command outcomes (polling)"
              checked={data.commandPolling}
              disabled={polling.isPending}
              onCheckedChange={setPolling}
              hint="Off: outcomes come from events only; a command nobody reports still times out."
            />
          ) : (
            <p className="text-sm">Command outcomes: {data.commandPolling ? 'events and polling' : 'events only'}</p>
          )}
          {canWrite ? (
            <form method="post" onSubmit={form.handleSubmit(saveSecret)} noValidate className="space-y-3">
              <SecretField
                id="webhookSecret"
                label="Signing secret"
                placeholder="whsec_…"
                hint="From the vendor’s portal. Stored encrypted; it is never shown again."
                {...formField(form, 'secret')}
              />
              <div className="flex flex-wrap gap-2">
                <SubmitButton pending={save.isPending} pendingLabel="Saving…">
                  Save signing secret
                </SubmitButton>
                {data.hasSecret ? (
                  <Button variant="secondary" onClick={() => saveSecret({ secret: null })} disabled={save.isPending}>
                    Remove secret
                  </Button>
                ) : null}
                {data.canSendTest ? (
                  <Button variant="secondary" onClick={sendTest} disabled={test.isPending}>
                    {test.isPending ? 'Sending…' : 'Send test event'}
                  </Button>
                ) : null}
              </div>
            </form>
          ) : null}
          <div>
            <h3 className="mb-2 text-sm font-medium">Last events received</h3>
            {data.events.length === 0 ? (
              <EmptyState title="No events yet">
                {data.hasSecret ? 'Events appear here as the Vehicle API sends them.' : 'Store the signing secret first.'}
              </EmptyState>
            ) : (
              <TableScroll label="Last events received" frame="outlined">
                <PlainTable
                  caption="Last webhook events received"
                  columns={['Received', 'Type', 'Vehicle', 'Outcome']}
                  cellClassName="py-1 pr-3 last:pr-0"
                  headClassName="text-xs text-zinc-600 dark:text-zinc-400"
                  bodyClassName=""
                >
                  {data.events.map((event) => (
                    <tr key={event.id} className="border-t border-zinc-200 dark:border-zinc-800">
                      <td className="py-1 pr-3 whitespace-nowrap">
                        <Time value={event.receivedAt} compact />
                      </td>
                      <td className="py-1 pr-3 font-mono text-xs">{event.type}</td>
                      <td className="max-w-[8rem] truncate py-1 pr-3 font-mono text-xs">{event.vehicleId ?? '—'}</td>
                      <td className="py-1">
                        <Outcome event={event} />
                      </td>
                    </tr>
                  ))}
                </PlainTable>
              </TableScroll>
            )}
          </div>
        </div>
      )}
    </QuerySectionCard>
  );
}
