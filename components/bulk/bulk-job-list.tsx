'use client';

import Link from 'next/link';
import { parseAsString, parseAsStringLiteral, useQueryStates } from 'nuqs';
import { FilterBar, FilteredEmpty } from '@/components/list/filter-bar';
import { paramFilterBar, type ParamFilter } from '@/components/list/param-filters';
import { withUrlState } from '@/components/list/with-url-state';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import { BULK_ACTION_NAMES, BULK_STATUSES, jobTitle, listCountsText, type BulkJobView } from '@/lib/bulk/bulk-job-view';
import { useBulkJobs } from '@/lib/bulk/list-query';
import { BULK_STATUS_WORDS } from './bulk-status';

const ACTION_WORDS: Record<BulkJobView['action'], string> = {
  'tag.add': 'Add a tag',
  'tag.remove': 'Remove a tag',
  'listening.on': 'Listening on',
  'listening.off': 'Listening off',
  command: 'Command',
};

const FILTERS: ParamFilter[] = [
  { param: 'status', label: 'Status', kind: 'choice', options: BULK_STATUSES.map((s) => ({ value: s, label: BULK_STATUS_WORDS[s].text })) },
  { param: 'action', label: 'Action', kind: 'choice', options: BULK_ACTION_NAMES.map((a) => ({ value: a, label: ACTION_WORDS[a] })) },
  { param: 'user', label: 'Started by (email)', kind: 'text' },
];

const listParams = {
  status: parseAsStringLiteral(BULK_STATUSES),
  action: parseAsStringLiteral(BULK_ACTION_NAMES),
  user: parseAsString.withDefault(''),
};

/** Past and running bulk jobs: who, when, what, how many vehicles and how each ended; filters in the URL. */
function BulkJobListView({ org }: { org: string }) {
  const [filters, setFilters] = useQueryStates(listParams);
  const query = new URLSearchParams();
  if (filters.status) query.set('status', filters.status);
  if (filters.action) query.set('action', filters.action);
  if (filters.user) query.set('user', filters.user);
  const jobs = useBulkJobs(org, query.toString());
  const rows = jobs.data?.pages.flatMap((p) => p.jobs);
  const filterBar = paramFilterBar({
    idPrefix: 'bulk',
    filters: FILTERS,
    values: filters,
    onChange: (param, value) => void setFilters({ [param]: value }, { history: 'push' }),
  });
  const clearAll = () => void setFilters({ status: null, action: null, user: null }, { history: 'push' });
  const slug = encodeURIComponent(org);

  return (
    <div className="space-y-3">
      <FilterBar label="Bulk job filters" active={filterBar.active} choices={filterBar.choices} onClearAll={clearAll} />
      <DataTable
        label="Bulk jobs"
        caption="Bulk jobs, newest first"
        query={jobs}
        rows={rows}
        rowKey={(j) => j.id}
        rowClassName="align-top"
        texts={{ loading: 'Loading bulk jobs', error: 'The bulk jobs could not be loaded' }}
        empty={
          filterBar.active.length > 0 ? (
            <FilteredEmpty noun="bulk jobs" active={filterBar.active} onClearAll={clearAll} />
          ) : (
            <EmptyState title="No bulk jobs yet">
              Select vehicles in the{' '}
              <Link className="underline" href={`/o/${slug}/vehicles`}>
                vehicles list
              </Link>{' '}
              to tag them, switch listening or send a command to all of them at once; each job is listed here.
            </EmptyState>
          )
        }
        columns={[
          {
            id: 'what',
            header: 'What',
            cell: (j) => (
              <span className="inline-flex flex-col gap-0.5">
                <Link
                  className="font-medium text-accent-700 underline-offset-2 hover:underline dark:text-accent-100"
                  href={`/o/${slug}/bulk/${j.id}`}
                >
                  {jobTitle(j)}
                </Link>
                {typeof j.selection.retryOf === 'string' ? (
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">Retry of failed rows</span>
                ) : null}
              </span>
            ),
          },
          {
            id: 'started',
            header: 'Started',
            className: 'text-xs',
            cell: (j) => (
              <>
                <Time value={j.createdAt} />
                <span className="block text-zinc-600 dark:text-zinc-400">by {j.createdBy ?? 'a former member'}</span>
              </>
            ),
          },
          { id: 'vehicles', header: 'Vehicles', className: 'tabular text-right', cell: (j) => j.total },
          {
            id: 'outcomes',
            header: 'Outcomes',
            className: 'tabular text-xs',
            cell: (j) => <span data-testid="bulk-job-counts">{listCountsText(j.counts)}</span>,
          },
          {
            id: 'status',
            header: 'Status',
            cell: (j) => <StatusBadge tone={BULK_STATUS_WORDS[j.status].tone}>{BULK_STATUS_WORDS[j.status].text}</StatusBadge>,
          },
        ]}
      />
      {jobs.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => jobs.fetchNextPage()} disabled={jobs.isFetchingNextPage}>
            {jobs.isFetchingNextPage ? 'Loading…' : 'Load older jobs'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

export const BulkJobList = withUrlState(BulkJobListView);
