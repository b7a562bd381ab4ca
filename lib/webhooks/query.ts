'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import type { WebhookSettingsView } from '@/lib/webhooks/webhook-events';
import { webhookKeys } from '@/lib/webhooks/query-keys';

/** The receiver, its secret's presence, polling and the last events, read every five seconds. */
export function useWebhookSettings(org: string) {
  return useQuery({
    queryKey: webhookKeys.receiver(org),
    queryFn: () => apiFetch<WebhookSettingsView>(`/api/o/${org}/webhooks`),
    refetchInterval: 5_000,
  });
}

function useRefreshEvents(org: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: webhookKeys.events(org) });
}

/** Stores the signing secret, or removes it (`null`): then events are refused. */
export function useSaveWebhookSecret(org: string) {
  const onSuccess = useRefreshEvents(org);
  return useMutation({
    mutationFn: (values: { secret: string | null }) => apiFetch(`/api/o/${org}/settings/webhook`, { method: 'PUT', json: values }),
    onSuccess,
  });
}

/** Whether command outcomes are also asked of the Vehicle API, or come from events only. */
export function useSetPolling(org: string) {
  const onSuccess = useRefreshEvents(org);
  return useMutation({
    mutationFn: (enabled: boolean) => apiFetch(`/api/o/${org}/settings/polling`, { method: 'PUT', json: { enabled } }),
    onSuccess,
  });
}

/** Sends a signed test event to the receiver; answers with the receiver's status. */
export function useSendTestEvent(org: string) {
  const onSuccess = useRefreshEvents(org);
  return useMutation({
    mutationFn: () => apiFetch<{ status: number }>(`/api/o/${org}/webhooks/test`, { method: 'POST' }),
    onSuccess,
  });
}
