'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { commandKeys } from '@/lib/commands/query-keys';
import { apiFetch } from '@/lib/query/api-fetch';
import type { VehicleEventView, WebhookSettingsView } from '@/lib/webhooks/webhook-events';
import { webhookKeys } from '@/lib/webhooks/query-keys';

/** The receiver, its secret's presence, polling and the last events, read every five seconds. */
export function useWebhookSettings(org: string) {
  return useQuery({
    queryKey: webhookKeys.events(org),
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

/** The events received about one command execution, read once `enabled`, polled until it settles. */
export function useExecutionEvents(org: string, executionId: string, { enabled, settled }: { enabled: boolean; settled: boolean }) {
  return useQuery({
    queryKey: webhookKeys.executionEvents(org, executionId),
    queryFn: () => apiFetch<{ events: VehicleEventView[] }>(`/api/o/${org}/commands/${executionId}/events`),
    enabled,
    refetchInterval: settled ? false : 5_000,
  });
}

/**
 * The last events the Vehicle API pushed about a vehicle, read every ten seconds. A
 * `rate_limit.updated` newer than the last one seen re-reads the command budget the panel shows.
 */
export function useVehicleEvents(org: string, vehicleId: string) {
  const events = useQuery({
    queryKey: webhookKeys.vehicleEvents(org, vehicleId),
    queryFn: () => apiFetch<{ events: VehicleEventView[] }>(`/api/o/${org}/vehicles/${encodeURIComponent(vehicleId)}/events`),
    refetchInterval: 10_000,
  });
  const queryClient = useQueryClient();
  const lastRateLimit = useRef<string | undefined>(undefined);
  const loaded = events.data !== undefined;
  const newestRateLimit = events.data?.events.find((e) => e.type === 'rate_limit.updated')?.receivedAt;
  useEffect(() => {
    if (!loaded) return;
    if (newestRateLimit && lastRateLimit.current !== undefined && newestRateLimit !== lastRateLimit.current) {
      void queryClient.invalidateQueries({ queryKey: commandKeys.budget(org, vehicleId) });
    }
    if (newestRateLimit) lastRateLimit.current = newestRateLimit;
    else lastRateLimit.current ??= '';
  }, [loaded, newestRateLimit, org, vehicleId, queryClient]);
  return events;
}
