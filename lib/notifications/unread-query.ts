'use client';

// Apart from query.ts: the bell is on every console page, the inbox and rules hooks on one.

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import { notificationKeys } from './query-keys';

/** When the live stream is down: how often the bell asks again (the stream's notices replace it while up). */
export const UNREAD_POLL_MS = 15_000;

/** The bell's count of the member's unread notifications. */
export function useUnreadCount(org: string) {
  return useQuery({
    queryKey: notificationKeys.unread(org),
    queryFn: () => apiFetch<{ unread: number }>(`/api/o/${encodeURIComponent(org)}/notifications/unread`),
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 5_000,
  });
}
