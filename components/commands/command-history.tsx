'use client';

import { FilterBar, FilteredEmpty } from '@/components/list/filter-bar';
import { paramFilterBar, type ParamFilter } from '@/components/list/param-filters';
import { Download } from 'lucide-react';
import Link from 'next/link';
import { useQueryStates } from 'nuqs';
import { withUrlState } from '@/components/list/with-url-state';
import { Button, buttonClass } from '@/components/ui/button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import { COMMAND_CATALOG, commandLabel } from '@/lib/commands/catalog';
import type { ExecutionView } from '@/lib/commands/execution-view';
import { EXECUTION_STATE_FILTERS } from '@/lib/commands/execution-states';
import { explainFailedReason } from '@/lib/contract/failed-reason-text';
import { formatDateOnly } from '@/lib/format/time';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { ExecutionConfirmation, ExecutionStateBadge } from './execution-state-badge';
import { SupportBundleActions } from '@/components/support/support-bundle-actions';
import { useCommandHistory, type UpstreamList } from '@/lib/commands/history-query';
import { commandHistoryParams, commandHistoryQuery } from './command-history-params';

/** Whether the history includes what the service lists (commands sent elsewhere), and if not, why. */
function UpstreamListNote({ list, vehicle }: { list: UpstreamList | undefined; vehicle: boolean }) {
  const { zone } = usePreferences();
  if (!list || (list.state === 'included' && !vehicle)) return null;
  const text =
    list.state === 'included'
      ? 'Includes commands sent outside Motorpool, read from the service’s list of this vehicle’s executions.'
      : list.state === 'not_offered'
        ? `This service does not list command executions (it answered “not found” on ${formatDateOnly(new Date(list.learnedAt), zone)}), so this history shows only commands sent through Motorpool.`
        : `The service’s list of this vehicle’s executions could not be read just now (${list.message}); commands sent outside Motorpool may be missing.`;
  const requestId = list.state === 'included' ? null : list.requestId;
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300">
      {text}
      {requestId ? <span className="ml-1 font-mono text-xs">request {requestId}</span> : null}
    </p>
  );
}

/** The history's filters; the time bounds are wall-clock date-times in the URL, read in the person's time zone. */
const HISTORY_FILTERS: ParamFilter[] = [
  { param: 'state', label: 'Outcome', kind: 'choice', options: EXECUTION_STATE_FILTERS.map((s) => ({ value: s, label: s })) },
  {
    param: 'command',
    label: 'Command',
    kind: 'choice',
    options: Object.entries(COMMAND_CATALOG).map(([name, info]) => ({ value: name, label: info.label })),
  },
  { param: 'user', label: 'Sent by (email)', kind: 'text' },
  { param: 'from', label: 'From', kind: 'datetime' },
  { param: 'to', label: 'Until', kind: 'datetime' },
];

/** The history's columns; the vehicle column only across vehicles. */
function historyColumns(org: string, vehicleId?: string): DataColumn<ExecutionView>[] {
  const vehicle: DataColumn<ExecutionView> = {
    id: 'vehicle',
    header: 'Vehicle',
    className: 'font-mono text-xs',
    cell: (e) => (
      <Link className="underline" href={`/o/${org}/vehicles/${encodeURIComponent(e.vehicleId)}`}>
        {e.vehicleId}
      </Link>
    ),
  };
  return [
    { id: 'sent', header: 'Sent', className: 'whitespace-nowrap', cell: (e) => <Time value={e.requestedAt} /> },
    {
      id: 'command',
      header: 'Command',
      cell: (e) => (
        <>
          {commandLabel(e.command)}
          {e.arguments ? (
            <span className="block font-mono text-xs text-zinc-600 dark:text-zinc-400">{JSON.stringify(e.arguments)}</span>
          ) : null}
        </>
      ),
    },
    ...(vehicleId ? [] : [vehicle]),
    {
      id: 'by',
      header: 'By',
      cell: (e) => (e.origin === 'external' ? <span className="text-xs italic">Sent outside Motorpool</span> : (e.requestedBy ?? '—')),
    },
    {
      id: 'outcome',
      header: 'Outcome',
      cell: (e) => (
        <>
          <ExecutionStateBadge execution={e} />
          <ExecutionConfirmation execution={e} />
        </>
      ),
    },
    {
      id: 'reason',
      header: 'Reason',
      className: 'text-xs',
      cell: (e) => (
        <>
          {e.state === 'failed' ? (
            <>
              {explainFailedReason(e.failedReason).title} <span className="font-mono">{e.failedReason}</span>
            </>
          ) : e.state === 'rejected' || e.state === 'unknown' ? (
            <span className="font-mono">{e.errorCode}</span>
          ) : null}
          {e.upstreamRequestId ? (
            <span className="block font-mono text-zinc-600 dark:text-zinc-400">request {e.upstreamRequestId}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'support',
      header: 'Support',
      cell: (e) => <SupportBundleActions org={org} of={{ executionId: e.id }} compact />,
    },
  ];
}

/** Command history with filters kept in the URL; per vehicle when `vehicleId` is given. */
function CommandHistoryList({ org, vehicleId }: { org: string; vehicleId?: string }) {
  const [filters, setFilters] = useQueryStates(commandHistoryParams);
  const { zone } = usePreferences();
  const queryString = commandHistoryQuery(filters, zone).toString();
  const history = useCommandHistory(org, vehicleId, queryString);
  const upstreamList = history.data?.pages[0]?.upstreamList;
  const executions = history.data?.pages.flatMap((p) => p.executions) ?? [];
  const exportQuery = new URLSearchParams(queryString);
  if (vehicleId) exportQuery.set('vehicleId', vehicleId);
  // Each change of filter is one entry in the history.
  const filterBar = paramFilterBar({
    idPrefix: 'history',
    filters: HISTORY_FILTERS,
    values: filters,
    onChange: (param, value) => void setFilters({ [param]: value }, { history: 'push' }),
  });
  const clearAll = () => void setFilters({ state: null, command: null, user: null, from: null, to: null }, { history: 'push' });

  return (
    <div className="space-y-3">
      <FilterBar
        label="Command history filters"
        {...filterBar}
        onClearAll={clearAll}
        end={
          <a className={buttonClass({ variant: 'secondary', size: 'sm' })} href={`/api/o/${org}/commands/export?${exportQuery}`} download>
            <Download aria-hidden className="h-4 w-4" /> Export CSV
          </a>
        }
      />
      <UpstreamListNote list={upstreamList} vehicle={vehicleId !== undefined} />
      <DataTable
        label="Command history"
        caption="Commands, newest first"
        columns={historyColumns(org, vehicleId)}
        query={history}
        rows={history.data ? executions : undefined}
        rowKey={(e) => e.id}
        rowClassName="align-top"
        texts={{ loading: 'Loading command history' }}
        empty={
          filterBar.active.length > 0 ? (
            <FilteredEmpty noun="commands" active={filterBar.active} onClearAll={clearAll} />
          ) : (
            <EmptyState title="No commands yet">
              Commands sent through Motorpool appear here with who sent them and how they ended, and those sent elsewhere where the service
              lists them.
            </EmptyState>
          )
        }
      />
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

export const CommandHistory = withUrlState(CommandHistoryList);
