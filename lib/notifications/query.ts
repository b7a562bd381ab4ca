'use client';

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import type { InboxPage } from './inbox';
import type { CheckSummary, RuleView } from './kinds';
import { notificationKeys } from './query-keys';
import { UNREAD_POLL_MS } from './unread-query';
import type { DeliveryPreferences } from './delivery-timing';
import type { DeliveryPreferencesInput, MarkReadInput, RuleInput } from './schemas';

const base = (org: string) => `/api/o/${encodeURIComponent(org)}/notifications`;
const rulePath = (org: string, id: string) => `${base(org)}/rules/${encodeURIComponent(id)}`;

/** The member's inbox, newest first, a page at a time; `unreadOnly` shows what is left to read. */
export function useInbox(org: string, unreadOnly: boolean) {
  return useInfiniteQuery({
    queryKey: notificationKeys.inboxPages(org, unreadOnly ? 'unread' : 'all'),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ unread: unreadOnly ? '1' : '0' });
      if (pageParam) query.set('cursor', pageParam);
      return apiFetch<InboxPage>(`${base(org)}?${query}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: UNREAD_POLL_MS,
  });
}

export function useMarkRead(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkReadInput) =>
      apiFetch<{ changed: number; unread: number }>(`${base(org)}/read`, { method: 'POST', json: input }),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(notificationKeys.unread(org), { unread });
      return queryClient.invalidateQueries({ queryKey: notificationKeys.inbox(org) });
    },
  });
}

export function useNotificationRules(org: string) {
  return useQuery({
    queryKey: notificationKeys.rules(org),
    queryFn: () => apiFetch<{ rules: RuleView[] }>(`${base(org)}/rules`),
  });
}

/** "Check now": the organization's periodic rules evaluated at once; the inbox and the bell read again. */
export function useCheckRules(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CheckSummary>(`${base(org)}/rules/check`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.inbox(org) }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.unread(org) }),
      ]),
  });
}

export function useCreateRule(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RuleInput) => apiFetch<{ rule: RuleView }>(`${base(org)}/rules`, { method: 'POST', json: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.rules(org) }),
  });
}

export function useUpdateRule(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: RuleInput | { enabled: boolean } }) =>
      apiFetch<{ rule: RuleView }>(rulePath(org, id), { method: 'PATCH', json: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.rules(org) }),
  });
}

export function useDeleteRule(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ name: string }>(rulePath(org, id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.rules(org) }),
  });
}

export function useUnsubscribeRule(org: string) {
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ rule: string }>(`${rulePath(org, id)}/unsubscribe`, { method: 'POST' }),
  });
}

type DeliveryView = { preferences: DeliveryPreferences | null; saved: boolean };
const DELIVERY_PATH = '/api/profile/notification-delivery';

/** The member's e-mail timing (time zone, quiet hours, digest); `saved: false` before the first save. */
export function useDeliveryPreferences() {
  return useQuery({ queryKey: notificationKeys.delivery(), queryFn: () => apiFetch<DeliveryView>(DELIVERY_PATH) });
}

export function useSaveDeliveryPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeliveryPreferencesInput) => apiFetch<DeliveryView>(DELIVERY_PATH, { method: 'PUT', json: input }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.delivery(), saved),
  });
}
