'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import type { BulkConnectionView, BulkOutcome } from '@/lib/eligibility/bulk-connect';
import type { EligibilityCheckView } from '@/lib/eligibility/checks';
import type { EligibilityCheckBody } from '@/lib/eligibility/schemas';
import { isSettledGroup } from '@/lib/eligibility/statuses';
import { eligibilityKeys } from '@/lib/eligibility/query-keys';

/** One VIN's eligibility, as the service reports it. */
export type EligibilityResult = {
  rowId?: string | number | null;
  vin?: string | null;
  make?: string | null;
  status?: string | null;
  errorMessage?: string | null;
};
/** A bulk connection request looked up by id. */
export type BulkConnectionGroup = { id: string; status?: string | null; createdAt?: string | null };
export type BulkConnections = { connections: BulkConnectionView[]; vinsKept: boolean };

const checksPath = (org: string) => `/api/o/${org}/eligibility`;
const connectionPath = (org: string, id: string) => `/api/o/${org}/eligibility/connections/${encodeURIComponent(id)}`;

/** The checks Motorpool keeps (the service cannot list them), refreshed while any is running. */
export function useEligibilityChecks(org: string) {
  return useQuery({
    queryKey: eligibilityKeys.list(org),
    queryFn: () => apiFetch<{ checks: EligibilityCheckView[] }>(checksPath(org)),
    refetchInterval: (q) => (q.state.data?.checks.some((c) => !isSettledGroup(c.status)) ? 3_000 : false),
  });
}

/** Sends one check; every sent check refreshes the list. */
export function useCreateEligibilityCheck(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EligibilityCheckBody) =>
      apiFetch<{ check: EligibilityCheckView }>(checksPath(org), { method: 'POST', json: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eligibilityKeys.list(org) }),
  });
}

/** One check, polled until it settles. */
export function useEligibilityCheck(org: string, initial: EligibilityCheckView) {
  return useQuery({
    queryKey: eligibilityKeys.check(org, initial.id),
    queryFn: () => apiFetch<{ check: EligibilityCheckView }>(`${checksPath(org)}/${initial.id}`),
    initialData: { check: initial },
    initialDataUpdatedAt: 0,
    refetchInterval: (q) => (q.state.data && isSettledGroup(q.state.data.check.status) ? false : 2_000),
  });
}

/** One page of a check's per-VIN results; read again when the check's status moves on. */
export function useEligibilityResults(org: string, check: EligibilityCheckView, upstreamQuery: string) {
  return useQuery({
    queryKey: eligibilityKeys.results(org, check.id, upstreamQuery, check.status),
    queryFn: () =>
      apiFetch<{ results: EligibilityResult[]; totalResults: number | null }>(`${checksPath(org)}/${check.id}/results?${upstreamQuery}`),
    placeholderData: keepPreviousData,
  });
}

/** Any bulk connection request by id (none when the id is empty), polled until it settles. */
export function useBulkConnection(org: string, id: string) {
  return useQuery({
    queryKey: eligibilityKeys.bulk(org, id),
    queryFn: () => apiFetch<{ connection: BulkConnectionGroup }>(connectionPath(org, id)),
    enabled: id !== '',
    refetchInterval: (q) => (q.state.data && !isSettledGroup(q.state.data.connection.status) ? 3_000 : false),
  });
}

/** One page of a bulk connection's per-VIN outcomes, read once its group is known and again when its status moves on. */
export function useBulkConnectionResults(
  org: string,
  id: string,
  upstreamQuery: string,
  group: { isSuccess: boolean; status: string | null | undefined },
) {
  return useQuery({
    queryKey: eligibilityKeys.bulkResults(org, id, upstreamQuery, group.status),
    queryFn: () => apiFetch<{ results: BulkOutcome[]; totalResults: number | null }>(`${connectionPath(org, id)}/results?${upstreamQuery}`),
    enabled: id !== '' && group.isSuccess,
    placeholderData: keepPreviousData,
  });
}

/** The bulk connection requests sent from one check, polled while any is running. */
export function useCheckConnections(org: string, checkId: string) {
  return useQuery({
    queryKey: eligibilityKeys.connections(org, checkId),
    queryFn: () => apiFetch<BulkConnections>(`${checksPath(org)}/${checkId}/connections`),
    refetchInterval: (q) => (q.state.data?.connections.some((c) => !isSettledGroup(c.status)) ? 2_000 : false),
  });
}

/** Sends a completed check's eligible VINs for connection. */
export function useConnectEligible(org: string, checkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ connections: BulkConnectionView[]; unmatched: number }>(`${checksPath(org)}/${checkId}/connections`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eligibilityKeys.connections(org, checkId) }),
  });
}

/** Sends a connection request's retryable rows again. */
export function useRetryConnection(org: string, checkId: string, connectionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ connections: BulkConnectionView[] }>(`${checksPath(org)}/${checkId}/connections/${connectionId}/retry`, {
        method: 'POST',
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: eligibilityKeys.connections(org, checkId) }),
  });
}
