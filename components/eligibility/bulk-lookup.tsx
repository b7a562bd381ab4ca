'use client';

import { makeLabel } from '@/lib/contract/makes';
import Link from 'next/link';
import { useQueryState } from 'nuqs';
import { parseAsStringWhere } from '@/components/list/url-params';
import { useNumberedPaging } from '@/components/list/use-numbered-paging';
import { withUrlState } from '@/components/list/with-url-state';
import { SectionCard } from '@/components/ui/card';
import { Mono } from '@/components/ui/copy-button';
import { LookupForm } from '@/components/ui/lookup-form';
import type { DataColumn } from '@/components/ui/data-table';
import { ErrorState, LoadingRows } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import { BULK_RESULT_STATUS, GROUP_STATUS, lookOf } from '@/lib/eligibility/statuses';
import { isUpstreamId } from '@/lib/validations/upstream-id';
import { useBulkConnection, useBulkConnectionResults } from '@/lib/eligibility/query';
import { OutcomeError } from './lazy-outcome-error';
import { PagedResults } from './paged-results';
import type { BulkOutcome } from '@/lib/eligibility/bulk-connect';

function outcomeColumns(org: string): DataColumn<BulkOutcome>[] {
  return [
    { id: 'vin', header: 'VIN', className: 'font-mono text-xs', cell: (r) => r.vin ?? '—' },
    {
      id: 'vehicle',
      header: 'Vehicle',
      cell: (r) => (
        <>
          {[makeLabel(r.make), r.model].filter(Boolean).join(' ') || '—'}
          {r.countryCode ? <span className="text-zinc-600 dark:text-zinc-400"> · {r.countryCode}</span> : null}
          {r.vehicleId ? (
            <Link
              className="block text-xs text-accent-700 underline dark:text-accent-100"
              href={`/o/${org}/vehicles/${encodeURIComponent(r.vehicleId)}`}
            >
              Open vehicle
            </Link>
          ) : null}
        </>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      className: 'whitespace-nowrap',
      cell: (r) => {
        const l = lookOf(BULK_RESULT_STATUS, r.status);
        return (
          <>
            <StatusBadge tone={l.tone}>{l.text}</StatusBadge>
            {r.wasAlreadyConnected ? <span className="block text-xs text-zinc-600 dark:text-zinc-400">already connected</span> : null}
          </>
        );
      },
    },
    {
      id: 'details',
      header: 'Details',
      className: 'text-xs',
      cell: (r) => (
        <>
          {r.message ? <p>{r.message}</p> : null}
          {(r.errors ?? []).map((e, j) => (
            <OutcomeError key={j} error={e} />
          ))}
          {r.canRetry ? <p className="text-zinc-600 dark:text-zinc-400">Can be retried.</p> : null}
        </>
      ),
    },
  ];
}

/** The request looked up: an id of the shape the service gives, else none. */
const bulkIdParam = parseAsStringWhere(isUpstreamId).withDefault('');
/** Its outcomes' paging, beside the checks list's own on the same page. */
const BULK_PAGING_KEYS = { page: 'bulkPage', size: 'bulkSize' };
const BULK_ID_RULE = 'A bulk connection id has letters, digits, dots, colons, dashes or underscores, up to 128 characters.';

/** Status and per-VIN outcomes of any bulk connection request, by id (the service cannot list them). */
function BulkLookupCard({ org }: { org: string }) {
  const [validId, setBulkId] = useQueryState('bulk', bulkIdParam);
  const paging = useNumberedPaging(BULK_PAGING_KEYS);
  const group = useBulkConnection(org, validId);
  const results = useBulkConnectionResults(org, validId, paging.upstreamQuery, {
    isSuccess: group.isSuccess,
    status: group.data?.connection.status,
  });

  const look = lookOf(GROUP_STATUS, group.data?.connection.status);
  return (
    <SectionCard
      id="bulk-heading"
      title="Bulk connection look-up"
      description="Enter the id of a bulk connection request to see its status and the outcome for each VIN."
    >
      <LookupForm
        id="bulk-id"
        label="Bulk connection id"
        name="Look up a bulk connection"
        initial={validId}
        inputClassName="font-mono"
        check={(text) => (isUpstreamId(text) ? { value: text } : { error: BULK_ID_RULE })}
        onLookUp={(id) => {
          void setBulkId(id, { history: 'push' });
          paging.onPage(0);
        }}
      />

      {!validId ? null : group.isPending ? (
        <LoadingRows rows={2} label="Looking up the bulk connection" />
      ) : group.isError ? (
        <ErrorState error={group.error} title="The bulk connection could not be found" onRetry={() => group.refetch()} />
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <Mono value={group.data.connection.id} />
            <StatusBadge tone={look.tone}>{look.text}</StatusBadge>
            <span className="text-zinc-600 dark:text-zinc-400">
              Created <Time value={group.data.connection.createdAt} />
            </span>
          </div>
          <PagedResults
            query={results}
            texts={{
              table: 'Bulk connection outcomes',
              caption: 'Outcome per VIN',
              pager: 'Bulk connection outcomes',
              loading: 'Loading the outcomes',
              refreshing: 'Loading outcomes',
              error: 'The outcomes could not be loaded',
              empty: 'No outcomes on this page',
              emptyFirstPage: 'The request holds no VINs.',
            }}
            columns={outcomeColumns(org)}
            rowKey={(r, i) => r.vehicleInputId ?? `${r.vin}-${i}`}
            rowClassName="align-top"
            loadingRows={3}
            paging={paging}
          />
        </div>
      )}
    </SectionCard>
  );
}

export const BulkLookup = withUrlState(BulkLookupCard);
