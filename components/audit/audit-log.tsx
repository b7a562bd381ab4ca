'use client';

import { Download } from 'lucide-react';
import { parseAsString, useQueryStates } from 'nuqs';
import { useState, type FormEvent } from 'react';
import { instantOfLocal, parseAsLocalDateTime } from '@/components/list/url-params';
import { withUrlState } from '@/components/list/with-url-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { inputClass } from '@/components/ui/field';
import { StatusBadge } from '@/components/ui/status-badge';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { useAuditEvents, type AuditEventView } from '@/lib/audit/query';

type AuditEvent = AuditEventView;

const FILTERS = [
  { name: 'actor', label: 'Actor', placeholder: 'email contains…', type: 'text' },
  { name: 'action', label: 'Action', placeholder: 'e.g. commands.* or auth.sign_in', type: 'text' },
  { name: 'target', label: 'Target', placeholder: 'id or type', type: 'text' },
  { name: 'from', label: 'From', placeholder: '', type: 'datetime-local' },
  { name: 'to', label: 'Until', placeholder: '', type: 'datetime-local' },
] as const;

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
  for (const { name } of FILTERS) {
    const value = name === 'from' || name === 'to' ? instantOfLocal(filters[name], zone) : filters[name];
    if (value) apiQuery.set(name, value);
  }
  const queryString = apiQuery.toString();

  const query = useAuditEvents(org, queryString);

  const [draft, setDraft] = useState(filters);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void setFilters(draft, { history: 'push' });
  };
  const events = query.data?.pages.flatMap((p) => p.events) ?? [];

  return (
    <div className="space-y-4">
      <Card className="p-4">
        <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6" aria-label="Audit filters">
          {FILTERS.map((f) => (
            <div key={f.name} className="space-y-1">
              <label htmlFor={`audit-${f.name}`} className="block text-xs font-medium">
                {f.label}
              </label>
              <input
                id={`audit-${f.name}`}
                type={f.type}
                placeholder={f.placeholder}
                value={draft[f.name]}
                onChange={(e) => setDraft((d) => ({ ...d, [f.name]: e.target.value }))}
                className={inputClass}
              />
            </div>
          ))}
          <div className="flex items-end gap-2">
            <Button type="submit">Filter</Button>
            <Button
              variant="secondary"
              onClick={() => {
                const empty = Object.fromEntries(FILTERS.map((f) => [f.name, ''])) as typeof draft;
                setDraft(empty);
                void setFilters(empty, { history: 'push' });
              }}
            >
              Clear
            </Button>
          </div>
        </form>
      </Card>
      <div className="flex justify-end">
        <Button variant="secondary" asChild>
          <a href={`/api/o/${org}/audit/export?${queryString}`} download>
            <Download aria-hidden className="h-4 w-4" /> Export CSV
          </a>
        </Button>
      </div>
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
          <EmptyState title="No audit events match">
            Changes, commands and sign-ins appear here as they happen. Clear the filters to see everything.
          </EmptyState>
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
