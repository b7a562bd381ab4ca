'use client';

import { Unplug } from 'lucide-react';
import { clientLazy } from '@/components/ui/client-lazy';
import Link from 'next/link';
import { useState } from 'react';
import { RecordHeader } from '@/components/ui/page-header';
import { toast } from '@/components/ui/toast';
import { useCan } from '@/components/layout/session-role';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Mono } from '@/components/ui/copy-button';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui/states';
import { AddTagForm } from '@/components/vehicles/vehicle-tags';
import { fromSortValue, toSortValue, VEHICLE_VIRTUALIZE, vehicleCaption, vehicleColumns } from '@/components/vehicles/vehicle-table';
import { DEFAULT_COLUMNS, readSort, sortVehicles, type Sort } from '@/lib/vehicles/vehicle-columns';
import type { AccountRecord } from '@/lib/vehicles/types';
import { errorText } from '@/components/list/error-text';
import { PAGE_SIZE } from '@/lib/contract/limits';
import { useAccount, useAccountVehicles, useDisconnectAccount } from '@/lib/accounts/query';
import { reconnectHref } from '@/lib/connect/account-links';

/** Consent at a glance and Reconnect, loaded after the account. */
const AccountConsentCard = clientLazy(() => import('./account-consent-card').then((m) => m.AccountConsentCard));

const ACCOUNT_COLUMNS = DEFAULT_COLUMNS.filter((c) => c !== 'account');

function vehiclesOfAccountFilter(accountId: string): string {
  return JSON.stringify({ field: 'metadata.accountId', operator: '==', value: accountId });
}

function AccountVehicles({ org, accountId, disconnected }: { org: string; accountId: string; disconnected: boolean }) {
  const [sort, setSort] = useState<Sort>(readSort(null));
  const filter = vehiclesOfAccountFilter(accountId);
  const queryString = new URLSearchParams({ pageSize: String(PAGE_SIZE.max), filter }).toString();
  const vehicles = useAccountVehicles(org, queryString, !disconnected);
  const fleetLink = `/o/${org}/vehicles?${new URLSearchParams({ filter })}`;
  return (
    <SectionCard
      id="account-vehicles-heading"
      bodyClassName=""
      title="Vehicles of this account"
      description={vehicles.data?.totalResults != null ? `${vehicles.data.totalResults} vehicles` : undefined}
      actions={
        <Link href={fleetLink} className="text-sm font-medium text-accent-700 hover:underline dark:text-accent-100">
          Open in Vehicles
        </Link>
      }
    >
      {disconnected ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">The account is disconnected; its vehicles no longer synchronise.</p>
      ) : (
        <DataTable
          label="Vehicles"
          caption={vehicleCaption(sort)}
          columns={vehicleColumns({ org, columns: [...ACCOUNT_COLUMNS] })}
          query={vehicles}
          rows={vehicles.data ? sortVehicles(vehicles.data.items, sort) : undefined}
          rowKey={(v) => v.id}
          sort={{ value: toSortValue(sort), onChange: (next) => setSort(fromSortValue(next)) }}
          virtualize={VEHICLE_VIRTUALIZE}
          texts={{ loading: "Loading the account's vehicles" }}
          empty={<EmptyState title="No vehicles under this account">Vehicles show here once they synchronise.</EmptyState>}
        />
      )}
    </SectionCard>
  );
}

/** One OEM account: who it is, its vehicles, tagging (which tags each vehicle) and disconnect. */
export function AccountDetail({ org, accountId, initial }: { org: string; accountId: string; initial?: { account: AccountRecord } }) {
  const canDisconnect = useCan('accounts.write');
  const canTag = useCan('tags.write');
  const canConnect = useCan('connect.create');
  const disconnect = useDisconnectAccount(org, accountId);
  const [disconnected, setDisconnected] = useState(false);
  const account = useAccount(org, accountId, { initial, enabled: !disconnected });
  if (account.isPending) return <Skeleton className="h-24 w-full" />;
  if (account.isError)
    return <ErrorState error={account.error} title="The account could not be loaded" onRetry={() => account.refetch()} />;
  const name = account.data.account.username || account.data.account.id;

  return (
    <div className="space-y-6">
      <RecordHeader
        parent={{ href: `/o/${org}/accounts`, label: 'Accounts' }}
        title={name}
        details={
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Account id <Mono value={account.data.account.id} />
          </p>
        }
      >
        {canDisconnect && !disconnected ? (
          <ConfirmDialog
            trigger={
              <Button variant="danger">
                <Unplug aria-hidden className="h-4 w-4" /> Disconnect account
              </Button>
            }
            title={`Disconnect ${name}?`}
            description={
              <>
                <p>
                  The OEM account <strong>{name}</strong> is disconnected from the Vehicle API. Every vehicle under it stops synchronising:
                  no more data, no commands, and they leave the fleet lists.
                </p>
                <p>The owner would have to approve a new connect link to bring them back.</p>
              </>
            }
            confirmLabel="Disconnect account"
            onConfirm={async () => {
              try {
                await disconnect.mutateAsync();
                setDisconnected(true);
                toast.success(`${name} disconnected.`);
              } catch (error) {
                toast.error(errorText(error, 'The account could not be disconnected.'));
              }
            }}
          />
        ) : null}
      </RecordHeader>
      {disconnected ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          This account is disconnected. Its vehicles no longer synchronise.{' '}
          {canConnect ? (
            <>
              <Link href={reconnectHref(org, { accountId })} className="font-medium underline">
                Reconnect
              </Link>{' '}
              ·{' '}
            </>
          ) : null}
          <Link href={`/o/${org}/accounts`} className="font-medium underline">
            Back to the accounts
          </Link>
        </p>
      ) : null}
      {canTag && !disconnected ? (
        <SectionCard
          id="account-tag-heading"
          bodyClassName=""
          title="Tag this account"
          description="The tag is added to every vehicle of the account."
        >
          <AddTagForm org={org} idPrefix="account-tag" target={{ accountId }} />
        </SectionCard>
      ) : null}
      <AccountConsentCard org={org} accountId={accountId} disconnected={disconnected} />
      <AccountVehicles org={org} accountId={accountId} disconnected={disconnected} />
    </div>
  );
}
