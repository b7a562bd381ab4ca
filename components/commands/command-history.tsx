'use client';

import { FilterBar, FilterSelect } from '@/components/ui/filter-bar';
import { Download } from 'lucide-react';
import Link from 'next/link';
import { useQueryStates } from 'nuqs';
import { withUrlState } from '@/components/list/with-url-state';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import { COMMAND_CATALOG, commandLabel } from '@/lib/commands/catalog';
import type { ExecutionView } from '@/lib/commands/execution-view';
import { EXECUTION_STATE_FILTERS } from '@/lib/commands/execution-states';
import { explainFailedReason } from '@/lib/commands/failed-reasons';
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

/** The time range filters: wall-clock date-times in the URL, read in the person's time zone. */
const TIME_BOUNDS = [
  { bound: 'from', label: 'From' },
  { bound: 'to', label: 'Until' },
] as const;

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

  return (
    <div className="space-y-3">
      <FilterBar label="Command history filters">
        <FilterSelect
          id="history-state"
          label="Outcome"
          value={filters.state}
          onChange={(value) => void setFilters({ state: commandHistoryParams.state.parse(value) })}
        >
          {EXECUTION_STATE_FILTERS.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="history-command"
          label="Command"
          value={filters.command}
          onChange={(value) => void setFilters({ command: commandHistoryParams.command.parse(value) })}
        >
          {Object.entries(COMMAND_CATALOG).map(([name, info]) => (
            <option key={name} value={name}>
              {info.label}
            </option>
          ))}
        </FilterSelect>
        <Field
          id="history-user"
          label="Sent by (email)"
          compact
          defaultValue={filters.user}
          onBlur={(e) => void setFilters({ user: e.target.value.trim() })}
          onKeyDown={(e) => e.key === 'Enter' && void setFilters({ user: e.currentTarget.value.trim() })}
        />
        {TIME_BOUNDS.map(({ bound, label }) => (
          <Field
            key={bound}
            id={`history-${bound}`}
            label={label}
            compact
            type="datetime-local"
            value={filters[bound]}
            onChange={(e) => void setFilters({ [bound]: e.target.value })}
          />
        ))}
        <Button variant="secondary" asChild className="ml-auto">
          <a href={`/api/o/${org}/commands/export?${exportQuery}`} download>
            <Download aria-hidden className="h-4 w-4" /> Export CSV
          </a>
        </Button>
      </FilterBar>
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
          <EmptyState title="No commands match">
            Commands sent through Motorpool appear here with who sent them and how they ended, and those sent elsewhere where the service
            lists them.
          </EmptyState>
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
