'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import { notificationKeys } from './query-keys';
import type { WebhookEndpointInput, WebhookEndpointPatch } from './webhook-schemas';
import type { WebhookDeliveryView, WebhookEndpointView, WebhookEndpointWithSecret } from './webhooks';

const endpointsPath = (org: string) => `/api/o/${encodeURIComponent(org)}/notifications/endpoints`;
const endpointPath = (org: string, id: string) => `${endpointsPath(org)}/${encodeURIComponent(id)}`;

export function useWebhookEndpoints(org: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: notificationKeys.webhookEndpoints(org),
    queryFn: () => apiFetch<{ endpoints: WebhookEndpointView[] }>(endpointsPath(org)),
    enabled: options.enabled ?? true,
  });
}

function useEndpointMutation<V, R>(org: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.webhookEndpoints(org) }),
  });
}

/** Adds an endpoint; the answer's secret is the only copy the browser ever gets. */
export function useCreateWebhookEndpoint(org: string) {
  return useEndpointMutation(org, (input: WebhookEndpointInput) =>
    apiFetch<WebhookEndpointWithSecret>(endpointsPath(org), { method: 'POST', json: input }),
  );
}

export function useUpdateWebhookEndpoint(org: string) {
  return useEndpointMutation(org, ({ id, changes }: { id: string; changes: WebhookEndpointPatch }) =>
    apiFetch<{ endpoint: WebhookEndpointView }>(endpointPath(org, id), { method: 'PATCH', json: changes }),
  );
}

export function useDeleteWebhookEndpoint(org: string) {
  return useEndpointMutation(org, (id: string) => apiFetch(endpointPath(org, id), { method: 'DELETE' }));
}

/** A new signing secret, shown from this answer only. */
export function useRotateWebhookSecret(org: string) {
  return useEndpointMutation(org, (id: string) =>
    apiFetch<WebhookEndpointWithSecret>(`${endpointPath(org, id)}/secret`, { method: 'POST' }),
  );
}

/**
 * The endpoint's latest deliveries; polled while one is still on its way, and while one just queued
 * here (`awaiting`, its id) is not listed yet (a read that raced the queueing would otherwise stay).
 */
export function useWebhookDeliveries(org: string, endpointId: string, awaiting?: string) {
  return useQuery({
    queryKey: notificationKeys.webhookDeliveries(org, endpointId),
    queryFn: () => apiFetch<{ deliveries: WebhookDeliveryView[] }>(`${endpointPath(org, endpointId)}/deliveries`),
    refetchInterval: (query) => {
      const deliveries = query.state.data?.deliveries ?? [];
      const onItsWay = deliveries.some((d) => d.status === 'pending' || d.status === 'delivering');
      return onItsWay || (awaiting !== undefined && !deliveries.some((d) => d.id === awaiting)) ? 2_000 : false;
    },
  });
}

function useDeliveryMutation<V, R>(org: string, endpointId: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.webhookDeliveries(org, endpointId) }),
  });
}

export function useSendTestWebhook(org: string, endpointId: string) {
  return useDeliveryMutation(org, endpointId, () =>
    apiFetch<{ deliveryId: string }>(`${endpointPath(org, endpointId)}/test`, { method: 'POST' }),
  );
}

export function useRedeliverWebhook(org: string, endpointId: string) {
  return useDeliveryMutation(org, endpointId, (deliveryId: string) =>
    apiFetch<{ deliveryId: string }>(`${endpointPath(org, endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {
      method: 'POST',
    }),
  );
}
