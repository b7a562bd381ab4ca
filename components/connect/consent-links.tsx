'use client';

import { NewItemLink } from '@/components/ui/new-item-link';
import Link from 'next/link';
import { Card, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { FilterBar } from '@/components/list/filter-bar';
import { paramFilterBar } from '@/components/list/param-filters';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import { accountLinks } from '@/lib/connect/account-links';
import { makeLabel } from '@/lib/contract/makes';
import { formatRemaining } from '@/lib/connect/explain';
import { CONSENT_LINK_FILTERS, displayStatus, type LinkDisplayStatus } from '@/lib/connect/link-filters';
import type { ConsentLinkView } from '@/lib/connect/links';
import { useNow } from '@/lib/hooks/use-now';
import { useConsentLinks } from '@/lib/connect/query';
import { LinkStatusBadge } from './link-status-badge';

const FILTER_TEXT: Record<(typeof CONSENT_LINK_FILTERS)[number], string> = {
  PENDING: 'Waiting',
  COMPLETED: 'Completed',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
};

/** The links' columns: the status and what is left are read against `now`, so countdowns move. */
function linkColumns(org: string, now: number, onShow: (id: string) => void): DataColumn<ConsentLinkView>[] {
  return [
    {
      id: 'status',
      header: 'Status',
      className: 'whitespace-nowrap',
      cell: (l) => {
        const shown = displayStatus(l, now);
        const remaining = shown === 'PENDING' ? formatRemaining(l.expiresAt, now) : null;
        return (
          <>
            <LinkStatusBadge status={shown} />
            {remaining ? <span className="tabular block text-xs text-zinc-600 dark:text-zinc-400">{remaining} left</span> : null}
          </>
        );
      },
    },
    {
      id: 'connects',
      header: 'Connects',
      cell: (l) => (
        <>
          {l.vin ? (
            <>
              Vehicle <span className="font-mono text-xs">{l.vin}</span>
            </>
          ) : (
            <>Account{l.makes.length ? ` · ${l.makes.map(makeLabel).join(', ')}` : ''}</>
          )}
          <span className="block text-xs text-zinc-600 dark:text-zinc-400">{l.scopes.join(', ')}</span>
        </>
      ),
    },
    {
      id: 'outcome',
      header: 'Outcome',
      className: 'text-xs',
      cell: (l) => {
        const shown = displayStatus(l, now);
        return shown === 'COMPLETED' && l.accountId ? (
          <Link className="font-mono text-accent-700 underline dark:text-accent-100" href={accountLinks(org, l.accountId).account}>
            {l.accountId}
          </Link>
        ) : shown === 'FAILED' ? (
          <span className="font-mono">{l.errorCode ?? 'failed'}</span>
        ) : shown === 'EXPIRED' ? (
          <>
            Expired <Time value={l.expiresAt} relative />
          </>
        ) : (
          'Waiting for the owner'
        );
      },
    },
    { id: 'created', header: 'Created', className: 'whitespace-nowrap', cell: (l) => <Time value={l.createdAt} /> },
    { id: 'by', header: 'By', cell: (l) => l.createdBy ?? '—' },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      cell: (l) => (
        <div className="flex items-center justify-end gap-1">
          {displayStatus(l, now) === 'PENDING' ? <CopyButton value={l.url} label="Copy the consent link" /> : null}
          <button
            type="button"
            className="rounded px-2 py-1 text-sm font-medium text-accent-700 underline dark:text-accent-100"
            onClick={() => onShow(l.id)}
          >
            Details<span className="sr-only"> of the link created {new Date(l.createdAt).toISOString()}</span>
          </button>
        </div>
      ),
    },
  ];
}

/** Every link Motorpool issued: what is waiting, what expired, what completed, with who and when. */
export function ConsentLinks({
  org,
  status,
  canCreate,
  onStatus,
  onShow,
}: {
  org: string;
  status: LinkDisplayStatus | null;
  /** Whether "New link" (the form below the list) is offered. */
  canCreate: boolean;
  onStatus: (status: string | null) => void;
  onShow: (id: string) => void;
}) {
  const now = useNow(1000);
  const links = useConsentLinks(org, status);
  const filterBar = paramFilterBar({
    idPrefix: 'links',
    filters: [
      { param: 'status', label: 'Status', kind: 'choice', options: CONSENT_LINK_FILTERS.map((s) => ({ value: s, label: FILTER_TEXT[s] })) },
    ],
    values: { status },
    onChange: (_, value) => onStatus(value),
  });
  return (
    <Card aria-labelledby="links-heading">
      <CardHeader
        id="links-heading"
        title="Consent links"
        description="Links stay here with their outcome: waiting for the owner, completed, failed or expired."
      />
      <div className="border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <FilterBar
          label="Consent link filters"
          {...filterBar}
          onClearAll={() => onStatus(null)}
          end={canCreate ? <NewItemLink formHeadingId="connect-form-heading">New link</NewItemLink> : undefined}
        />
      </div>
      <DataTable
        label="List of consent links"
        caption="Consent links, newest first"
        columns={linkColumns(org, now, onShow)}
        query={links}
        rows={links.data?.links}
        rowKey={(l) => l.id}
        rowClassName="align-top"
        rowAttributes={(l) => ({ 'data-link-id': l.id })}
        inCard
        loadingRows={3}
        texts={{ loading: 'Loading consent links', error: 'The consent links could not be loaded' }}
        empty={
          <EmptyState title={status ? `No ${FILTER_TEXT[status].toLowerCase()} links` : 'No consent links yet'}>
            {status
              ? 'Show all links to see the others.'
              : 'Create a link below and send it to a vehicle owner; it appears here until they answer or it expires.'}
          </EmptyState>
        }
      />
    </Card>
  );
}
