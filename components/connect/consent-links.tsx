'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Card, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { inputClass } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingRows } from '@/components/ui/states';
import { TableScroll } from '@/components/ui/table-scroll';
import { Time } from '@/components/ui/time';
import { accountLinks } from '@/lib/connect/account-links';
import { CONSENT_LINK_FILTERS, displayStatus, formatRemaining } from '@/lib/connect/explain';
import type { ConsentLinkView } from '@/lib/connect/links';
import { useNow } from '@/lib/hooks/use-now';
import { apiFetch } from '@/lib/query/api-fetch';
import { connectKeys } from './connect-form';
import { LinkStatusBadge } from './link-status-badge';

const FILTER_TEXT: Record<(typeof CONSENT_LINK_FILTERS)[number], string> = { PENDING: 'Waiting', COMPLETED: 'Completed', FAILED: 'Failed', EXPIRED: 'Expired' };

/** Every link Motorpool issued: what is waiting, what expired, what completed, with who and when. */
export function ConsentLinks({ org, status, onStatus, onShow }: { org: string; status: string; onStatus: (status: string) => void; onShow: (id: string) => void }) {
  const now = useNow(1000);
  const valid = (CONSENT_LINK_FILTERS as readonly string[]).includes(status) ? status : '';
  const links = useQuery({
    queryKey: [...connectKeys.links(org), valid],
    queryFn: () => apiFetch<{ links: ConsentLinkView[] }>(`/api/o/${org}/connect-links${valid ? `?status=${valid}` : ''}`),
    refetchInterval: (q) => (q.state.data?.links.some((l) => displayStatus(l, Date.now()) === 'PENDING') ? 10_000 : false),
  });
  return (
    <Card aria-labelledby="links-heading">
      <CardHeader
        id="links-heading"
        title="Consent links"
        description="Links stay here with their outcome: waiting for the owner, completed, failed or expired."
        actions={
          <div className="flex items-center gap-2">
            <label htmlFor="links-status" className="text-sm text-zinc-600 dark:text-zinc-400">
              Show
            </label>
            <select id="links-status" className={`${inputClass} w-auto py-1.5`} value={valid} onChange={(e) => onStatus(e.target.value)}>
              <option value="">All links</option>
              {CONSENT_LINK_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {FILTER_TEXT[s]}
                </option>
              ))}
            </select>
          </div>
        }
      />
      {links.isPending ? (
        <div className="p-4">
          <LoadingRows rows={3} label="Loading consent links" />
        </div>
      ) : links.isError ? (
        <div className="p-4">
          <ErrorState error={links.error} title="The consent links could not be loaded" onRetry={() => links.refetch()} />
        </div>
      ) : links.data.links.length === 0 ? (
        <div className="p-4">
          <EmptyState title={valid ? `No ${FILTER_TEXT[valid as keyof typeof FILTER_TEXT].toLowerCase()} links` : 'No consent links yet'}>
            {valid ? 'Show all links to see the others.' : 'Create a link above and send it to a vehicle owner; it appears here until they answer or it expires.'}
          </EmptyState>
        </div>
      ) : (
        <TableScroll label="List of consent links" className="rounded-none border-0 shadow-none">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Consent links, newest first</caption>
            <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Status</th>
                <th scope="col" className="px-4 py-2 font-medium">Connects</th>
                <th scope="col" className="px-4 py-2 font-medium">Outcome</th>
                <th scope="col" className="px-4 py-2 font-medium">Created</th>
                <th scope="col" className="px-4 py-2 font-medium">By</th>
                <th scope="col" className="px-4 py-2 font-medium"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {links.data.links.map((l) => {
                const shown = displayStatus(l, now);
                const remaining = shown === 'PENDING' ? formatRemaining(l.expiresAt, now) : null;
                return (
                  <tr key={l.id} className="align-top" data-link-id={l.id}>
                    <td className="px-4 py-2 whitespace-nowrap">
                      <LinkStatusBadge status={shown} />
                      {remaining ? <span className="tabular block text-xs text-zinc-600 dark:text-zinc-400">{remaining} left</span> : null}
                    </td>
                    <td className="px-4 py-2">
                      {l.vin ? (
                        <>
                          Vehicle <span className="font-mono text-xs">{l.vin}</span>
                        </>
                      ) : (
                        <>Account{l.makes.length ? ` · ${l.makes.join(', ')}` : ''}</>
                      )}
                      <span className="block text-xs text-zinc-600 dark:text-zinc-400">{l.scopes.join(', ')}</span>
                    </td>
                    <td className="px-4 py-2 text-xs">
                      {shown === 'COMPLETED' && l.accountId ? (
                        <Link className="font-mono text-accent-700 underline dark:text-accent-100" href={accountLinks(org, l.accountId).account}>
                          {l.accountId}
                        </Link>
                      ) : shown === 'FAILED' ? (
                        <span className="font-mono">{l.errorCode ?? 'failed'}</span>
                      ) : shown === 'EXPIRED' ? (
                        <>Expired <Time value={l.expiresAt} relative /></>
                      ) : (
                        'Waiting for the owner'
                      )}
                    </td>
                    <td className="px-4 py-2 whitespace-nowrap"><Time value={l.createdAt} /></td>
                    <td className="px-4 py-2">{l.createdBy ?? '—'}</td>
                    <td className="px-4 py-2">
                      <div className="flex items-center justify-end gap-1">
                        {shown === 'PENDING' ? <CopyButton value={l.url} label="Copy the consent link" /> : null}
                        <button type="button" className="rounded px-2 py-1 text-sm font-medium text-accent-700 underline dark:text-accent-100" onClick={() => onShow(l.id)}>
                          Details<span className="sr-only"> of the link created {new Date(l.createdAt).toISOString()}</span>
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}
