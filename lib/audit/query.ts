'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import { auditKeys } from '@/lib/audit/query-keys';

/** One audit entry as the audit route returns it. */
export type AuditEventView = {
  id: number;
  createdAt: string;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  outcome: 'success' | 'failure';
  upstreamRequestId: string | null;
  details: Record<string, unknown> | null;
};
type AuditPage = { events: AuditEventView[]; nextCursor: string | null };

/** The audit log under the filters of `queryString`, newest first, older pages loaded on demand. */
export function useAuditEvents(org: string, queryString: string) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(org, queryString),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams(queryString);
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<AuditPage>(`/api/o/${org}/audit?${params}`);
    },
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
