'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { withUrlState } from '@/components/list/with-url-state';
import Link from 'next/link';
import { FilterPanel } from '@/components/list/filter-panel';
import { ListNotice, CursorListPager } from '@/components/list/pager';
import { Card } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/states';
import type { AccountRecord } from '@/lib/vehicles/types';
import { useAccountList } from '@/lib/accounts/list-query';

/** Loaded after the list: it asks the upstream about each remembered account. */
const DisconnectedAccounts = clientLazy(() => import('./disconnected-accounts').then((m) => m.DisconnectedAccounts));

function accountColumns(org: string): DataColumn<AccountRecord>[] {
  return [
    {
      id: 'username',
      header: 'Username',
      cell: (a) => (
        <Link
          href={`/o/${org}/accounts/${encodeURIComponent(a.id)}`}
          className="font-medium text-accent-700 hover:underline dark:text-accent-100"
        >
          {a.username || a.id}
        </Link>
      ),
    },
    { id: 'id', header: 'Account id', className: 'font-mono text-xs', cell: (a) => a.id },
  ];
}

/** The OEM accounts of the organization, one page at a time, filterable with the contract's JSON filter. */
function AccountsList({ org }: { org: string }) {
  const list = useAccountList(org);
  const { query } = list;
  return (
    <div className="space-y-4">
      <Card className="p-4">
        <FilterPanel key={list.filter} filterText={list.filter} withBuilder={false} onApply={list.setFilter} />
      </Card>
      {list.notice ? <ListNotice>{list.notice}</ListNotice> : null}
      <DataTable
        label="Accounts"
        caption="Connected OEM accounts"
        columns={accountColumns(org)}
        query={query}
        pending={list.resetting}
        rows={query.data?.items}
        rowKey={(a) => a.id}
        texts={{ loading: 'Loading accounts', error: 'The accounts could not be loaded' }}
        empty={
          <EmptyState title={list.filter ? 'No account matches' : 'No accounts connected yet'}>
            {list.filter ? 'Change or clear the filter.' : 'An account appears here once a vehicle owner approves a connect link.'}
          </EmptyState>
        }
      />
      {query.data && !list.resetting && !query.isError ? <CursorListPager label="Accounts" list={list} /> : null}
      <DisconnectedAccounts org={org} />
    </div>
  );
}

export const AccountsBrowser = withUrlState(AccountsList);
