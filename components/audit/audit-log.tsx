'use client';

import { Download } from 'lucide-react';
import { parseAsString, useQueryStates } from 'nuqs';
import { instantOfLocal, parseAsLocalDateTime } from '@/components/list/url-params';
import { withUrlState } from '@/components/list/with-url-state';
import { Button, buttonClass } from '@/components/ui/button';
import { FilterBar, FilteredEmpty } from '@/components/list/filter-bar';
import { paramFilterBar, type ParamFilter } from '@/components/list/param-filters';
import { StatusBadge } from '@/components/ui/status-badge';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { useAuditEvents, type AuditEventView } from '@/lib/audit/query';

type AuditEvent = AuditEventView;

const FILTERS = [
  { param: 'actor', label: 'Actor', placeholder: 'email contains…', kind: 'text' },
  { param: 'action', label: 'Action', placeholder: 'e.g. commands.* or auth.sign_in', kind: 'text' },
  { param: 'target', label: 'Target', placeholder: 'id or type', kind: 'text' },
  { param: 'from', label: 'From', kind: 'datetime' },
  { param: 'to', label: 'Until', kind: 'datetime' },
] as const satisfies readonly ParamFilter[];

const COLUMNS: DataColumn<AuditEvent>[] = [
  { id: 'when', header: 'When', className: 'whitespace-nowrap', cell: (e) => <Time value={e.createdAt} /> },
  { id: 'actor', header: 'Actor', cell: (e) => e.actorEmail ?? '—' },
  { id: 'action', header: 'Action', className: 'font-mono text-xs', cell: (e) => e.action },
  {
    id: 'target',
    header: 'Target',
    className: 'text-xs',
    cell: (e) => (
      <>
        {e.targetType ? <span className="text-zinc-600 dark:text-zinc-400">{e.targetType} </span> : null}
        <span className="font-mono">{e.targetId ?? ''}</span>
      </>
    ),
  },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: (e) => (
      <>
        <StatusBadge tone={e.outcome === 'success' ? 'success' : 'danger'}>{e.outcome}</StatusBadge>
        {e.outcome === 'failure' && e.details && typeof e.details.error === 'object' ? (
          <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{String((e.details.error as { message?: string }).message ?? '')}</p>
        ) : null}
      </>
    ),
  },
  { id: 'upstream', header: 'Upstream request', className: 'font-mono text-xs', cell: (e) => e.upstreamRequestId ?? '—' },
];

/** The filters in the URL; `from` and `to` are wall-clock times, read in the person's time zone. */
const auditFilterParams = {
  actor: parseAsString.withDefault(''),
  action: parseAsString.withDefault(''),
  target: parseAsString.withDefault(''),
  from: parseAsLocalDateTime.withDefault(''),
  to: parseAsLocalDateTime.withDefault(''),
};

function AuditEvents({ org }: { org: string }) {
  const [filters, setFilters] = useQueryStates(auditFilterParams);
  const { zone } = usePreferences();
  const apiQuery = new URLSearchParams();
  for (const { param } of FILTERS) {
    const value = param === 'from' || param === 'to' ? instantOfLocal(filters[param], zone) : filters[param];
    if (value) apiQuery.set(param, value);
  }
  const queryString = apiQuery.toString();

  const query = useAuditEvents(org, queryString);

  // Each change of filter is one entry in the history.
  const filterBar = paramFilterBar({
    idPrefix: 'audit',
    filters: FILTERS,
    values: filters,
    onChange: (param, value) => void setFilters({ [param]: value }, { history: 'push' }),
  });
  const clearAll = () => void setFilters({ actor: null, action: null, target: null, from: null, to: null }, { history: 'push' });
  const events = query.data?.pages.flatMap((p) => p.events) ?? [];

  return (
    <div className="space-y-3">
      <FilterBar
        label="Audit filters"
        {...filterBar}
        onClearAll={clearAll}
        end={
          <a className={buttonClass({ variant: 'secondary', size: 'sm' })} href={`/api/o/${org}/audit/export?${queryString}`} download>
            <Download aria-hidden className="h-4 w-4" /> Export CSV
          </a>
        }
      />
      <DataTable
        label="Audit events"
        caption="Audit events, newest first"
        columns={COLUMNS}
        query={query}
        rows={query.data ? events : undefined}
        rowKey={(e) => String(e.id)}
        rowClassName="align-top"
        texts={{ loading: 'Loading audit events' }}
        empty={
          filterBar.active.length > 0 ? (
            <FilteredEmpty noun="audit events" active={filterBar.active} onClearAll={clearAll} />
          ) : (
            <EmptyState title="No audit events yet">Changes, commands and sign-ins appear here as they happen.</EmptyState>
          )
        }
      />
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load older events'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

export const AuditLog = withUrlState(AuditEvents);
