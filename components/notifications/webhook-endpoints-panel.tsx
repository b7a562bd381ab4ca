'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EnabledCheckbox } from './enabled-checkbox';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SecretShownOnce } from '@/components/ui/secret-shown-once';
import { QuerySectionCard } from '@/components/ui/query-state';
import { EmptyState } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import { toast } from '@/components/ui/toast';
import {
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useUpdateWebhookEndpoint,
  useWebhookEndpoints,
} from '@/lib/notifications/webhook-query';
import { rotateSecretWarning, type WebhookEndpointView } from '@/lib/notifications/webhooks';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import { WebhookEndpointForm } from './webhook-endpoint-form';

type Shown = { url: string; secret: string };

/** The signing secret, in memory for this one view: it is never fetched again. */
function SecretOnce({ shown, onDone }: { shown: Shown; onDone: () => void }) {
  return (
    <SecretShownOnce secret={shown.secret} testId="webhook-endpoint-secret" onDone={onDone}>
      <p className="font-semibold break-all">Signing secret of {shown.url}</p>
      <p>Store it in the receiver now: it is shown only this once. Verify each delivery with a Standard Webhooks library.</p>
    </SecretShownOnce>
  );
}

function EndpointState({ endpoint }: { endpoint: WebhookEndpointView }) {
  if (endpoint.enabled) return <StatusBadge tone="success">On</StatusBadge>;
  if (endpoint.disabledReason) return <StatusBadge tone="danger">Switched off after failures</StatusBadge>;
  return <StatusBadge tone="neutral">Off</StatusBadge>;
}

function EndpointRow({
  org,
  endpoint,
  canManage,
  secretOverlapHours,
  onSecret,
}: {
  org: string;
  endpoint: WebhookEndpointView;
  canManage: boolean;
  secretOverlapHours: number;
  onSecret: (shown: Shown) => void;
}) {
  const update = useUpdateWebhookEndpoint(org);
  const remove = useDeleteWebhookEndpoint(org);
  const rotate = useRotateWebhookSecret(org);
  const [logOpen, setLogOpen] = useState(false);
  const onError = (error: Error) => toast.error(error.message);
  const switchOn = (enabled: boolean) => update.mutate({ id: endpoint.id, changes: { enabled } }, { onError });
  return (
    <li className="space-y-2 py-3 text-sm" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1 space-y-0.5">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs break-all">{endpoint.url}</span>
            <EndpointState endpoint={endpoint} />
          </p>
          {endpoint.description ? <p className="break-words">{endpoint.description}</p> : null}
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {endpoint.lastSuccessAt ? (
              <>
                Last delivered <Time value={endpoint.lastSuccessAt} />
              </>
            ) : (
              'Nothing delivered yet'
            )}
            {endpoint.consecutiveFailures > 0 ? ` · ${endpoint.consecutiveFailures} failed attempts in a row` : ''}
            {endpoint.disabledReason ? ` · ${endpoint.disabledReason}` : ''}
          </p>
          {endpoint.previousSecretUntil ? (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              The previous secret also signs until <Time value={endpoint.previousSecretUntil} />
            </p>
          ) : null}
        </div>
        {canManage ? (
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            <EnabledCheckbox name={endpoint.url} enabled={endpoint.enabled} update={update} onCheckedChange={switchOn} />
            <ConfirmDialog
              trigger={
                <Button variant="ghost" size="sm">
                  Rotate secret
                </Button>
              }
              title="Rotate the signing secret?"
              description={<p>{rotateSecretWarning(secretOverlapHours)}</p>}
              confirmLabel="Rotate secret"
              onConfirm={() =>
                rotate.mutateAsync(endpoint.id).then(
                  (result) => onSecret({ url: result.endpoint.url, secret: result.secret }),
                  (error: Error) => onError(error),
                )
              }
            />
            <ConfirmDialog
              trigger={
                <Button variant="ghost" size="sm" aria-label={`Delete ${endpoint.url}`}>
                  Delete
                </Button>
              }
              title="Delete this endpoint?"
              description={<p>Its delivery log goes with it, and rules stop sending to it.</p>}
              confirmLabel="Delete endpoint"
              onConfirm={() => remove.mutateAsync(endpoint.id).then(() => toast.success('Endpoint deleted.'), onError)}
            />
          </div>
        ) : null}
      </div>
      {/* The log is read when opened: a closed one costs no request. */}
      <details onToggle={(event) => setLogOpen(event.currentTarget.open)}>
        <summary className="cursor-pointer text-sm">Deliveries</summary>
        {logOpen ? (
          <div className="mt-2">
            <WebhookDeliveryLog org={org} endpointId={endpoint.id} canManage={canManage} />
          </div>
        ) : null}
      </details>
    </li>
  );
}

/**
 * Settings → Webhook endpoints: where rules with the webhook channel send, signed; admins change
 * them, others read. `secretOverlapHours`: the server's WEBHOOK_SECRET_OVERLAP_HOURS, for the rotate warning.
 */
export function WebhookEndpointsPanel({
  org,
  canManage,
  secretOverlapHours,
}: {
  org: string;
  canManage: boolean;
  secretOverlapHours: number;
}) {
  const endpoints = useWebhookEndpoints(org);
  const [shown, setShown] = useState<Shown | null>(null);
  return (
    <QuerySectionCard
      id="webhook-endpoints-heading"
      title="Webhook endpoints"
      description="Your own systems, told by notification rules with the webhook channel: JSON signed with Standard Webhooks, retried with backoff."
      query={endpoints}
      loading="Loading webhook endpoints"
      empty={{
        when: (data) => data.endpoints.length === 0,
        show: (
          <EmptyState title="No webhook endpoints yet">
            {canManage ? 'Add one below, then choose it in a notification rule.' : 'An admin can add one.'}
          </EmptyState>
        ),
      }}
      after={
        canManage ? (
          <div className="space-y-3">
            {shown ? <SecretOnce shown={shown} onDone={() => setShown(null)} /> : null}
            <WebhookEndpointForm org={org} onCreated={setShown} />
          </div>
        ) : null
      }
    >
      {(data) => (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {data.endpoints.map((endpoint) => (
            <EndpointRow
              key={endpoint.id}
              org={org}
              endpoint={endpoint}
              canManage={canManage}
              secretOverlapHours={secretOverlapHours}
              onSecret={setShown}
            />
          ))}
        </ul>
      )}
    </QuerySectionCard>
  );
}
