'use client';

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/query/api-fetch';
import type { ReportView } from '@/lib/reports/report';
import { reportKeys } from '@/lib/reports/query-keys';
import type { ReportScheduleView } from '@/lib/reports/schedule';
import type { ReportScheduleInput } from '@/lib/reports/schemas';

export const reportsPath = (org: string) => `/api/o/${encodeURIComponent(org)}/reports`;

/** The CSV of one of a report's tables (the same query, with the table). */
export const reportCsvPath = (org: string, search: string, table: 'vehicles' | 'days' | 'coverage') =>
  `${reportsPath(org)}/export?${search ? `${search}&` : ''}table=${table}`;

export const logbookCsvPath = (org: string, vehicleId: string, period: string) =>
  `${reportsPath(org)}/logbook/${encodeURIComponent(vehicleId)}?period=${encodeURIComponent(period)}`;

/** A report for the period and scope in `search` (the store's figures change at most every few minutes). */
export function useReport(org: string, search: string) {
  return useQuery({
    queryKey: reportKeys.report(org, search),
    queryFn: () => apiFetch<ReportView>(`${reportsPath(org)}${search ? `?${search}` : ''}`),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

const schedulesPath = (org: string) => `${reportsPath(org)}/schedules`;

/** The organization's scheduled report e-mails. */
export function useReportSchedules(org: string) {
  return useQuery({
    queryKey: reportKeys.schedules(org),
    queryFn: () => apiFetch<{ schedules: ReportScheduleView[] }>(schedulesPath(org)),
    staleTime: 30_000,
  });
}

export function useCreateReportSchedule(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportScheduleInput) =>
      apiFetch<{ schedule: ReportScheduleView }>(schedulesPath(org), { method: 'POST', json: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportKeys.schedules(org) }),
  });
}

export function useDeleteReportSchedule(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`${schedulesPath(org)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportKeys.schedules(org) }),
  });
}

/** Sends the schedule's report of its last complete period now; the schedule itself does not change. */
export function useSendReportScheduleNow(org: string) {
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ period: string; recipients: number; mails: number }>(`${schedulesPath(org)}/${encodeURIComponent(id)}/send`, {
        method: 'POST',
      }),
  });
}

/** Takes the signed-in member off a scheduled report's recipients (the mail's unsubscribe link). */
export function useUnsubscribeReport(org: string) {
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ frequency: 'weekly' | 'monthly' }>(`${schedulesPath(org)}/${encodeURIComponent(id)}/unsubscribe`, { method: 'POST' }),
  });
}
