'use client';

// Apart from query.ts (the receiver's settings, on the settings page): the vehicle page reads the
// events received about a vehicle or a command, and needs none of the settings' mutations.

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { commandKeys } from '@/lib/commands/query-keys';
import { apiFetch } from '@/lib/query/api-fetch';
import type { VehicleEventView } from '@/lib/webhooks/webhook-events';
import { webhookKeys } from '@/lib/webhooks/query-keys';

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
