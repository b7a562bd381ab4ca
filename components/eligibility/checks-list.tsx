'use client';

import { NewItemLink } from '@/components/ui/new-item-link';

import Link from 'next/link';
import { Card, CardHeader } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import type { EligibilityCheckView } from '@/lib/eligibility/checks';
import { GROUP_STATUS, isSettledGroup, lookOf, summarizeCounts } from '@/lib/eligibility/statuses';
import { useEligibilityChecks } from '@/lib/eligibility/query';

function checkColumns(org: string): DataColumn<EligibilityCheckView>[] {
  return [
    {
      id: 'check',
      header: 'Check',
      cell: (c) => (
        <Link className="font-medium text-accent-700 hover:underline dark:text-accent-100" href={`/o/${org}/eligibility/${c.id}`}>
          {c.label ?? `Check of ${c.vinCount} VIN${c.vinCount === 1 ? '' : 's'}`}
        </Link>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      className: 'whitespace-nowrap',
      cell: (c) => {
        const look = lookOf(GROUP_STATUS, c.status);
        return <StatusBadge tone={look.tone}>{look.text}</StatusBadge>;
      },
    },
    { id: 'vins', header: 'VINs', align: 'right', cell: (c) => c.vinCount },
    {
      id: 'results',
      header: 'Results',
      className: 'text-xs',
      cell: (c) => (c.status === 'COMPLETED' ? summarizeCounts(c.counts) : !isSettledGroup(c.status) ? 'Running…' : '—'),
    },
    { id: 'sent', header: 'Sent', className: 'whitespace-nowrap', cell: (c) => <Time value={c.createdAt} /> },
    { id: 'by', header: 'By', cell: (c) => c.createdBy ?? '—' },
  ];
}

/** The checks Motorpool keeps (the service cannot list them), refreshed while any is running. */
export function ChecksList({ org, canCreate }: { org: string; canCreate: boolean }) {
  const checks = useEligibilityChecks(org);
  return (
    <Card aria-labelledby="checks-heading">
      <CardHeader
        id="checks-heading"
        title="Checks"
        description="Every check sent through Motorpool, newest first."
        actions={canCreate ? <NewItemLink formHeadingId="new-check-heading">New check</NewItemLink> : undefined}
      />
      <DataTable
        label="Eligibility checks"
        caption="Eligibility checks, newest first"
        columns={checkColumns(org)}
        query={checks}
        rows={checks.data?.checks}
        rowKey={(c) => c.id}
        inCard
        loadingRows={3}
        texts={{ loading: 'Loading checks', error: 'The checks could not be loaded' }}
        empty={
          <EmptyState title="No checks yet">
            {canCreate
              ? 'Paste VINs or upload a CSV below to find out which vehicles can be connected.'
              : 'Checks sent by managers and admins appear here with their results.'}
          </EmptyState>
        }
      />
    </Card>
  );
}
