'use client';

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import type { InboxPage } from './inbox';
import type { RuleView } from './kinds';
import { notificationKeys } from './query-keys';
import { UNREAD_POLL_MS } from './unread-query';
import type { MarkReadInput, RuleInput } from './schemas';

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
