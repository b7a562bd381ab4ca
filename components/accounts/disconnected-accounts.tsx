'use client';

import Link from 'next/link';
import { useCan } from '@/components/layout/session-role';
import { SectionCard } from '@/components/ui/card';
import { ErrorState, LoadingRows } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import { useDisconnectedAccounts } from '@/lib/accounts/consent-query';
import { reconnectHref } from '@/lib/connect/account-links';
import { makeLabel } from '@/lib/contract/makes';

/**
 * Accounts the Vehicle API no longer lists (disconnected here, or consent withdrawn at the
 * manufacturer) that Motorpool remembers, each with Reconnect: a new link like the one that
 * connected it. Nothing is shown when there are none.
 */
export function DisconnectedAccounts({ org }: { org: string }) {
  const canConnect = useCan('connect.create');
  const accounts = useDisconnectedAccounts(org);
  if (accounts.isPending) return <LoadingRows rows={2} label="Looking for disconnected accounts" />;
  if (accounts.isError)
    return <ErrorState error={accounts.error} title="Disconnected accounts could not be checked" onRetry={() => accounts.refetch()} />;
  if (accounts.data.items.length === 0) return null;
  return (
    <SectionCard
      id="disconnected-accounts-heading"
      bodyClassName=""
      title="No longer connected"
      description="Accounts Motorpool connected or disconnected that the Vehicle API no longer lists. Reconnect sends the owner a new link like the one that connected them."
    >
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {accounts.data.items.map((a) => (
          <li key={a.accountId} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-account-id={a.accountId}>
            <div className="min-w-0">
              <span className="font-mono">{a.accountId}</span>
              {a.makes.length ? ` · ${a.makes.map(makeLabel).join(', ')}` : ''}
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                {a.disconnectedAt ? (
                  <>
                    Disconnected <Time value={a.disconnectedAt} relative />
                  </>
                ) : (
                  'No longer listed by the Vehicle API'
                )}
                {a.linkKnown ? '' : ' · connected before Motorpool kept its link'}
              </span>
            </div>
            {canConnect ? (
              <Link
                href={reconnectHref(org, { accountId: a.accountId })}
                aria-label={`Reconnect account ${a.accountId}`}
                className="rounded-md border border-zinc-300 px-3 py-1 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                Reconnect
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
