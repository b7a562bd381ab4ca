'use client';

import Link from 'next/link';
import { FilterPanel } from '@/components/fleet/filter-panel';
import { ListNotice, CursorListPager } from '@/components/fleet/pager';
import { LIST_RESET, useCursorList } from '@/components/fleet/use-cursor-list';
import { Card } from '@/components/ui/card';
import { EmptyState, ErrorState, LoadingRows } from '@/components/ui/states';
import { Refreshing } from '@/components/ui/refreshing';
import { TableScroll } from '@/components/ui/table-scroll';
import type { AccountRecord } from '@/lib/fleet/types';
import { accountKeys } from '@/lib/query/accounts';

/** The OEM accounts of the organization, one page at a time, filterable with the contract's JSON filter. */
export function AccountsBrowser({ org }: { org: string }) {
  const list = useCursorList<AccountRecord>({ endpoint: `/api/o/${org}/accounts`, keyOf: (q) => accountKeys.list(org, q) });
  const { query, update } = list;
  return (
    <div className="space-y-4">
      <Card className="p-4">
        <FilterPanel key={list.filter} filterText={list.filter} withBuilder={false} onApply={(text) => update({ filter: text, ...LIST_RESET }, { push: true })} />
      </Card>
      {list.notice ? <ListNotice>{list.notice}</ListNotice> : null}
      {query.isPending || list.resetting ? (
        <LoadingRows label="Loading accounts" />
      ) : query.isError ? (
        <ErrorState error={query.error} title="The accounts could not be loaded" onRetry={() => query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState title={list.filter ? 'No account matches' : 'No accounts connected yet'}>
          {list.filter ? 'Change or clear the filter.' : 'An account appears here once a vehicle owner approves a connect link.'}
        </EmptyState>
      ) : (
        <Refreshing active={query.isPlaceholderData} label="Loading accounts">
          <TableScroll label="Accounts">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Connected OEM accounts</caption>
              <thead className="border-b border-zinc-200 text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">Username</th>
                  <th scope="col" className="px-4 py-2 font-medium">Account id</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {query.data.items.map((a) => (
                  <tr key={a.id}>
                    <td className="px-4 py-2">
                      <Link href={`/o/${org}/accounts/${encodeURIComponent(a.id)}`} className="font-medium text-accent-700 hover:underline dark:text-accent-100">
                        {a.username || a.id}
                      </Link>
                    </td>
                    <td className="px-4 py-2 font-mono text-xs">{a.id}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </Refreshing>
      )}
      {query.data && !list.resetting && !query.isError ? (
        <CursorListPager label="Accounts" list={list} />
      ) : null}
    </div>
  );
}
