'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingRows } from '@/components/ui/states';
import { TableScroll } from '@/components/ui/table-scroll';
import { Time } from '@/components/ui/time';
import { COMMAND_CATALOG, commandLabel } from '@/lib/commands/catalog';
import type { ExecutionView } from '@/lib/commands/execution-view';
import { EXECUTION_STATE_FILTERS } from '@/lib/commands/execution-states';
import { explainFailedReason } from '@/lib/commands/failed-reasons';
import { apiFetch } from '@/lib/query/api-fetch';
import { useSearchState } from '@/lib/query/use-search-state';
import { ExecutionStateBadge } from './execution-state-badge';
import { commandKeys } from '@/lib/query/commands';

type Page = { executions: ExecutionView[]; nextCursor: string | null };

function toIso(local: string | null): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Command history with filters kept in the URL; per vehicle when `vehicleId` is given. */
export function CommandHistory({ org, vehicleId }: { org: string; vehicleId?: string }) {
  const { searchParams, update } = useSearchState();
  const filters = { state: searchParams.get('state') ?? '', command: searchParams.get('command') ?? '', user: searchParams.get('user') ?? '', from: searchParams.get('from') ?? '', to: searchParams.get('to') ?? '' };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    const v = key === 'from' || key === 'to' ? toIso(value) : value;
    if (v) query.set(key, v);
  }
  const queryString = query.toString();
  const base = vehicleId ? `/api/o/${org}/vehicles/${encodeURIComponent(vehicleId)}/commands` : `/api/o/${org}/commands`;

  const history = useInfiniteQuery({
    queryKey: commandKeys.history(org, vehicleId, queryString),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams(queryString);
      if (pageParam) params.set('before', pageParam);
      return apiFetch<Page>(`${base}?${params}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.executions.some((e) => e.state === 'pending')) ? 3_000 : false),
  });
  const executions = history.data?.pages.flatMap((p) => p.executions) ?? [];
  const exportQuery = new URLSearchParams(queryString);
  if (vehicleId) exportQuery.set('vehicleId', vehicleId);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Command history filters">
        <div className="space-y-1">
          <label htmlFor="history-state" className="block text-xs font-medium">Outcome</label>
          <select id="history-state" className={inputClass} value={filters.state} onChange={(e) => update({ state: e.target.value })}>
            <option value="">All</option>
            {EXECUTION_STATE_FILTERS.map((s) => (
              <option key={s} value={s}>{s}</option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="history-command" className="block text-xs font-medium">Command</label>
          <select id="history-command" className={inputClass} value={filters.command} onChange={(e) => update({ command: e.target.value })}>
            <option value="">All</option>
            {Object.entries(COMMAND_CATALOG).map(([name, info]) => (
              <option key={name} value={name}>{info.label}</option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="history-user" className="block text-xs font-medium">Sent by (email)</label>
          <input id="history-user" className={inputClass} defaultValue={filters.user} onBlur={(e) => update({ user: e.target.value.trim() })} onKeyDown={(e) => e.key === 'Enter' && update({ user: e.currentTarget.value.trim() })} />
        </div>
        <div className="space-y-1">
          <label htmlFor="history-from" className="block text-xs font-medium">From</label>
          <input id="history-from" type="datetime-local" className={inputClass} value={filters.from} onChange={(e) => update({ from: e.target.value })} />
        </div>
        <div className="space-y-1">
          <label htmlFor="history-to" className="block text-xs font-medium">Until</label>
          <input id="history-to" type="datetime-local" className={inputClass} value={filters.to} onChange={(e) => update({ to: e.target.value })} />
        </div>
        <Button variant="secondary" asChild className="ml-auto">
          <a href={`/api/o/${org}/commands/export?${exportQuery}`} download>
            <Download aria-hidden className="h-4 w-4" /> Export CSV
          </a>
        </Button>
      </div>
      {history.isPending ? (
        <LoadingRows label="Loading command history" />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => history.refetch()} />
      ) : executions.length === 0 ? (
        <EmptyState title="No commands match">Commands sent through Motorpool appear here with who sent them and how they ended.</EmptyState>
      ) : (
        <TableScroll label="Command history">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Commands, newest first</caption>
            <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Sent</th>
                <th scope="col" className="px-4 py-2 font-medium">Command</th>
                {vehicleId ? null : <th scope="col" className="px-4 py-2 font-medium">Vehicle</th>}
                <th scope="col" className="px-4 py-2 font-medium">By</th>
                <th scope="col" className="px-4 py-2 font-medium">Outcome</th>
                <th scope="col" className="px-4 py-2 font-medium">Reason</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {executions.map((e) => (
                <tr key={e.id} className="align-top">
                  <td className="px-4 py-2 whitespace-nowrap"><Time value={e.requestedAt} /></td>
                  <td className="px-4 py-2">
                    {commandLabel(e.command)}
                    {e.arguments ? <span className="block font-mono text-xs text-zinc-600 dark:text-zinc-400">{JSON.stringify(e.arguments)}</span> : null}
                  </td>
                  {vehicleId ? null : (
                    <td className="px-4 py-2 font-mono text-xs">
                      <Link className="underline" href={`/o/${org}/vehicles/${encodeURIComponent(e.vehicleId)}`}>{e.vehicleId}</Link>
                    </td>
                  )}
                  <td className="px-4 py-2">{e.requestedBy ?? '—'}</td>
                  <td className="px-4 py-2"><ExecutionStateBadge execution={e} /></td>
                  <td className="px-4 py-2 text-xs">
                    {e.state === 'failed' ? (
                      <>
                        {explainFailedReason(e.failedReason).title} <span className="font-mono">{e.failedReason}</span>
                      </>
                    ) : e.state === 'rejected' || e.state === 'unknown' ? (
                      <span className="font-mono">{e.errorCode}</span>
                    ) : null}
                    {e.upstreamRequestId ? <span className="block font-mono text-zinc-600 dark:text-zinc-400">request {e.upstreamRequestId}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {history.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => history.fetchNextPage()} disabled={history.isFetchingNextPage}>
            {history.isFetchingNextPage ? 'Loading…' : 'Load older commands'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
