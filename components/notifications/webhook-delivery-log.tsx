'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import { toast } from '@/components/ui/toast';
import type { Tone } from '@/lib/tone';
import { useRedeliverWebhook, useSendTestWebhook, useWebhookDeliveries } from '@/lib/notifications/webhook-query';
import type { WebhookDeliveryView } from '@/lib/notifications/webhooks';

const STATUS: Record<WebhookDeliveryView['status'], { tone: Tone; label: string }> = {
  pending: { tone: 'pending', label: 'Retrying' },
  delivering: { tone: 'pending', label: 'Sending' },
  succeeded: { tone: 'success', label: 'Delivered' },
  failed: { tone: 'danger', label: 'Failed' },
};

function DeliveryRow({ delivery, onRedeliver }: { delivery: WebhookDeliveryView; onRedeliver?: () => void }) {
  const status =
    delivery.status === 'pending' && delivery.attempts === 0 ? { tone: 'pending' as const, label: 'Queued' } : STATUS[delivery.status];
  return (
    <li className="space-y-1 py-2 text-sm" data-testid="webhook-delivery" data-status={delivery.status}>
      <p className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
        <code className="font-mono text-xs">{delivery.eventType}</code>
        <span className="text-xs text-zinc-600 dark:text-zinc-400">
          <Time value={delivery.createdAt} compact /> · <span data-testid="webhook-delivery-attempts">{delivery.attempts}</span>{' '}
          {delivery.attempts === 1 ? 'attempt' : 'attempts'}
          {delivery.lastStatusCode !== null ? ` · HTTP ${delivery.lastStatusCode}` : ''}
          {delivery.nextAttemptAt ? (
            <>
              {' '}
              · next <Time value={delivery.nextAttemptAt} compact />
            </>
          ) : null}
          {delivery.redeliveryOf ? ' · redelivery' : ''}
        </span>
        {onRedeliver && (delivery.status === 'succeeded' || delivery.status === 'failed') ? (
          <Button variant="ghost" size="sm" onClick={onRedeliver} aria-label={`Redeliver ${delivery.eventId}`}>
            Redeliver
          </Button>
        ) : null}
      </p>
      <p className="font-mono text-xs break-all text-zinc-600 dark:text-zinc-400">{delivery.eventId}</p>
      {delivery.attemptLog.length > 0 ? (
        <ol className="ml-4 list-decimal space-y-0.5 text-xs" aria-label={`Attempts of ${delivery.eventId}`}>
          {delivery.attemptLog.map((a) => (
            <li key={a.attempt} data-testid="webhook-attempt">
              <Time value={a.attemptedAt} compact /> · {a.ok ? 'ok' : 'failed'} ·{' '}
              {a.statusCode !== null ? `HTTP ${a.statusCode}` : 'no answer'} · <span className="tabular-nums">{a.durationMs} ms</span>
              {a.error ? ` · ${a.error}` : ''}
              {a.responseExcerpt ? (
                <span className="block font-mono break-all text-zinc-600 dark:text-zinc-400">{a.responseExcerpt}</span>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}

/** An endpoint's delivery log, with a test event and "redeliver" for those who may change endpoints. */
export function WebhookDeliveryLog({ org, endpointId, canManage }: { org: string; endpointId: string; canManage: boolean }) {
  const [awaiting, setAwaiting] = useState<string>();
  const deliveries = useWebhookDeliveries(org, endpointId, awaiting);
  const sendTest = useSendTestWebhook(org, endpointId);
  const redeliver = useRedeliverWebhook(org, endpointId);
  const onError = (error: Error) => toast.error(error.message);
  return (
    <div className="space-y-2" role="region" aria-label="Delivery log">
      {canManage ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={sendTest.isPending}
          onClick={() =>
            sendTest.mutate(undefined, {
              onSuccess: ({ deliveryId }) => {
                setAwaiting(deliveryId);
                toast.success('Test event queued.');
              },
              onError,
            })
          }
        >
          Send test event
        </Button>
      ) : null}
      <QueryState
        query={deliveries}
        loading="Loading deliveries"
        empty={{
          when: (data) => data.deliveries.length === 0,
          show: <EmptyState title="No deliveries yet">A rule with this endpoint, or a test event, sends one.</EmptyState>,
        }}
      >
        {(data) => (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {data.deliveries.map((delivery) => (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                onRedeliver={
                  canManage
                    ? () =>
                        redeliver.mutate(delivery.id, {
                          onSuccess: ({ deliveryId }) => {
                            setAwaiting(deliveryId);
                            toast.success('Queued again.');
                          },
                          onError,
                        })
                    : undefined
                }
              />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
