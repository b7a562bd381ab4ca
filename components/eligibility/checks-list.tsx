'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState, ErrorState, LoadingRows } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { TableScroll } from '@/components/ui/table-scroll';
import { Time } from '@/components/ui/time';
import type { EligibilityCheckView } from '@/lib/eligibility/checks';
import { GROUP_STATUS, lookOf, summarizeCounts } from '@/lib/eligibility/statuses';
import { apiFetch } from '@/lib/query/api-fetch';
import { eligibilityKeys } from '@/lib/query/eligibility';

const isOpen = (c: EligibilityCheckView) => c.status !== 'COMPLETED' && c.status !== 'FAILED';

/** The checks Motorpool keeps (the service cannot list them), refreshed while any is running. */
export function ChecksList({ org, canCreate }: { org: string; canCreate: boolean }) {
  const checks = useQuery({
    queryKey: eligibilityKeys.list(org),
    queryFn: () => apiFetch<{ checks: EligibilityCheckView[] }>(`/api/o/${org}/eligibility`),
    refetchInterval: (q) => (q.state.data?.checks.some(isOpen) ? 3_000 : false),
  });
  return (
    <Card aria-labelledby="checks-heading">
      <CardHeader id="checks-heading" title="Checks" description="Every check sent through Motorpool, newest first." />
      {checks.isPending ? (
        <div className="p-4">
          <LoadingRows rows={3} label="Loading checks" />
        </div>
      ) : checks.isError ? (
        <div className="p-4">
          <ErrorState error={checks.error} title="The checks could not be loaded" onRetry={() => checks.refetch()} />
        </div>
      ) : checks.data.checks.length === 0 ? (
        <div className="p-4">
          <EmptyState title="No checks yet">
            {canCreate ? 'Paste VINs or upload a CSV above to find out which vehicles can be connected.' : 'Checks sent by managers and admins appear here with their results.'}
          </EmptyState>
        </div>
      ) : (
        <TableScroll label="Eligibility checks" className="rounded-none border-0 shadow-none">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Eligibility checks, newest first</caption>
            <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Check</th>
                <th scope="col" className="px-4 py-2 font-medium">Status</th>
                <th scope="col" className="px-4 py-2 text-right font-medium">VINs</th>
                <th scope="col" className="px-4 py-2 font-medium">Results</th>
                <th scope="col" className="px-4 py-2 font-medium">Sent</th>
                <th scope="col" className="px-4 py-2 font-medium">By</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {checks.data.checks.map((c) => {
                const look = lookOf(GROUP_STATUS, c.status);
                return (
                  <tr key={c.id}>
                    <td className="px-4 py-2">
                      <Link className="font-medium text-accent-700 hover:underline dark:text-accent-100" href={`/o/${org}/eligibility/${c.id}`}>
                        {c.label ?? `Check of ${c.vinCount} VIN${c.vinCount === 1 ? '' : 's'}`}
                      </Link>
                    </td>
                    <td className="px-4 py-2 whitespace-nowrap"><StatusBadge tone={look.tone}>{look.text}</StatusBadge></td>
                    <td className="tabular px-4 py-2 text-right">{c.vinCount}</td>
                    <td className="px-4 py-2 text-xs">{c.status === 'COMPLETED' ? summarizeCounts(c.counts) : isOpen(c) ? 'Running…' : '—'}</td>
                    <td className="px-4 py-2 whitespace-nowrap"><Time value={c.createdAt} /></td>
                    <td className="px-4 py-2">{c.createdBy ?? '—'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}
