'use client';

import { makeLabel } from '@/lib/contract/makes';
import { Download } from 'lucide-react';
import Link from 'next/link';
import { buttonClass } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { Mono } from '@/components/ui/copy-button';
import { PageHeader } from '@/components/ui/page-header';
import type { DataColumn } from '@/components/ui/data-table';
import { ErrorState } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import type { EligibilityCheckView } from '@/lib/eligibility/checks';
import { ELIGIBILITY_RESULT_STATUS, GROUP_STATUS, isSettledGroup, lookOf, summarizeCounts } from '@/lib/eligibility/statuses';
import { useNumberedPaging } from '@/components/list/use-numbered-paging';
import { withUrlState } from '@/components/list/with-url-state';
import { useEligibilityCheck, useEligibilityResults, type EligibilityResult } from '@/lib/eligibility/query';
import { ConnectEligible } from './connect-eligible';
import { PagedResults } from './paged-results';

type Result = EligibilityResult;

const RESULT_COLUMNS: DataColumn<Result>[] = [
  { id: 'row', header: 'Row', align: 'right', cell: (r) => r.rowId ?? '—' },
  { id: 'vin', header: 'VIN', className: 'font-mono text-xs', cell: (r) => r.vin ?? '—' },
  { id: 'make', header: 'Make', cell: (r) => makeLabel(r.make) || '—' },
  {
    id: 'status',
    header: 'Status',
    className: 'whitespace-nowrap',
    cell: (r) => {
      const l = lookOf(ELIGIBILITY_RESULT_STATUS, r.status);
      return <StatusBadge tone={l.tone}>{l.text}</StatusBadge>;
    },
  },
  { id: 'reason', header: 'Reason', className: 'text-xs', cell: (r) => r.errorMessage ?? '' },
];

/** One check: its status polled until it settles, then its per-VIN results page by page. */
function CheckDetailPage({ org, initial }: { org: string; initial: EligibilityCheckView }) {
  const paging = useNumberedPaging();
  const check = useEligibilityCheck(org, initial);
  const c = check.data.check;
  const done = isSettledGroup(c.status);
  const results = useEligibilityResults(org, c, paging.upstreamQuery);
  const look = lookOf(GROUP_STATUS, c.status);

  return (
    <>
      <PageHeader
        title={c.label ?? `Check of ${c.vinCount} VIN${c.vinCount === 1 ? '' : 's'}`}
        description={
          <>
            Sent <Time value={c.createdAt} />
            {c.createdBy ? ` by ${c.createdBy}` : ''} · {c.vinCount} VINs ·{' '}
            <Link className="underline" href={`/o/${org}/eligibility`}>
              all checks
            </Link>
          </>
        }
        actions={
          <a className={buttonClass({ variant: 'secondary' })} href={`/api/o/${org}/eligibility/${c.id}/export`} download>
            <Download aria-hidden className="h-4 w-4" /> Export CSV
          </a>
        }
      />
      <div className="space-y-6">
        <SectionCard id="check-status-heading" bodyClassName="space-y-3" title="Status">
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <StatusBadge tone={look.tone}>{look.text}</StatusBadge>
            <span className="text-zinc-600 dark:text-zinc-400">
              Service id <Mono value={c.upstreamId} />
            </span>
            <span className="text-zinc-600 dark:text-zinc-400">
              Updated <Time value={c.updatedAt} relative />
            </span>
          </div>
          {!done ? (
            <div className="space-y-1">
              <div
                role="progressbar"
                aria-label="The check is running"
                aria-valuetext="Running"
                className="h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
              >
                <div className="h-full w-1/3 animate-pulse rounded-full bg-accent-600" />
              </div>
              <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
                The service is checking {c.vinCount} VINs. This page updates by itself; you can also leave and come back.
              </p>
            </div>
          ) : c.status === 'COMPLETED' ? (
            <p className="text-sm font-medium" aria-live="polite">
              {summarizeCounts(c.counts)}
            </p>
          ) : (
            <p className="text-sm" aria-live="polite">
              The service could not finish this check. Send the VINs again in a new check.
            </p>
          )}
          {check.isError ? (
            <ErrorState error={check.error} title="The status could not be refreshed" onRetry={() => check.refetch()} />
          ) : null}
        </SectionCard>

        {c.status === 'COMPLETED' ? <ConnectEligible org={org} check={c} /> : null}

        <div className="space-y-3">
          <h2 className="text-base font-semibold">Results per VIN</h2>
          <PagedResults
            query={results}
            texts={{
              table: 'Results per VIN',
              caption: 'Eligibility of each VIN',
              pager: 'Results',
              loading: 'Loading results',
              refreshing: 'Loading results',
              error: 'The results could not be loaded',
              empty: 'No results on this page',
              emptyFirstPage: 'The service has not listed any result yet.',
            }}
            columns={RESULT_COLUMNS}
            rowKey={(r, i) => `${r.rowId ?? i}-${r.vin}`}
            paging={paging}
          />
        </div>
      </div>
    </>
  );
}

export const CheckDetail = withUrlState(CheckDetailPage);
