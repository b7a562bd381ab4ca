'use client';

import { makeLabel } from '@/lib/contract/makes';
import { registrationDateText } from '@/lib/vehicles/registration';
import { clientLazy } from '@/components/ui/client-lazy';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { useCan } from '@/components/layout/session-role';
import { RecordHeader } from '@/components/ui/page-header';
import { Card } from '@/components/ui/card';
import { Mono } from '@/components/ui/copy-button';
import { ErrorState, LoadingBlocks } from '@/components/ui/states';
import { StatusBadge } from '@/components/ui/status-badge';
import { Time } from '@/components/ui/time';
import type { VehicleRecord } from '@/lib/vehicles/types';
import { DisconnectVehicle } from './disconnect-vehicle';
import { PlateEditor } from './plate-editor';
import { SupportBundleActions } from '@/components/support/support-bundle-actions';
import { ListeningSwitch } from '@/components/commands/listening-switch';
import { ConnectionBadge } from './vehicle-badges';
import { ListeningHistory } from './listening-history';
import { VehicleTags } from './vehicle-tags';
import { useVehicle } from '@/lib/vehicles/query';
import { reconnectHref } from '@/lib/connect/account-links';

// The catalog's words load only for a vehicle that has a connection problem to explain.
const ConnectionProblem = clientLazy(() => import('./connection-problem').then((m) => m.ConnectionProblem));
import { useInBrowser } from '@/lib/hooks/use-in-browser';

/** A calendar day, never shifted by a time zone; the server render shows it as it came (no locale yet). */
function RegistrationDate({ value }: { value: string | null | undefined }) {
  const inBrowser = useInBrowser();
  if (!value) return <span className="text-zinc-500 dark:text-zinc-400">date not reported</span>;
  return <span className="tabular">{inBrowser ? registrationDateText(value) : value}</span>;
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 text-sm break-all">{children}</dd>
    </div>
  );
}

export function vehicleTitle(v: VehicleRecord): string {
  return [makeLabel(v.make), v.model].filter(Boolean).join(' ') || 'Vehicle';
}

/** The top of the vehicle page: identity, account, listening, plate, tags and disconnect. */
export function VehicleHeader({ org, vehicleId, initial }: { org: string; vehicleId: string; initial?: { vehicle: VehicleRecord } }) {
  const canDisconnect = useCan('vehicles.write');
  const canConnect = useCan('connect.create');
  const [disconnected, setDisconnected] = useState<{ processing: boolean; requestId?: string } | null>(null);
  const query = useVehicle(org, vehicleId, { initial, enabled: !disconnected });

  if (query.isPending) return <LoadingBlocks label="Loading the vehicle" blocks={['h-8 w-64', 'h-40 w-full']} className="space-y-3" />;
  if (query.isError) return <ErrorState error={query.error} title="The vehicle could not be loaded" onRetry={() => query.refetch()} />;
  const vehicle = query.data.vehicle;
  const locked = disconnected !== null;
  // A connection that broke (withdrawn, disconnected, in error): a new link like the one that connected it.
  const broken = locked || vehicle.connectionStatus === 'DISCONNECTED' || Boolean(vehicle.connectionErrorCode);
  const accountId = vehicle.metadata?.accountId;

  return (
    <div className="space-y-4">
      <RecordHeader
        parent={{ href: `/o/${org}/vehicles`, label: 'Vehicles' }}
        title={
          <>
            {vehicleTitle(vehicle)}
            {vehicle.modelYear ? <span className="tabular font-normal text-zinc-600 dark:text-zinc-400"> {vehicle.modelYear}</span> : null}
          </>
        }
        details={
          <>
            {vehicle.trim ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{vehicle.trim}</p> : null}
            <div className="mt-2 flex flex-wrap gap-2">
              {locked ? (
                <StatusBadge tone="pending">{disconnected.processing ? 'Disconnecting: processing' : 'Disconnected'}</StatusBadge>
              ) : (
                <ConnectionBadge value={vehicle.connectionStatus} />
              )}
              <ListeningSwitch
                org={org}
                vehicleId={vehicle.id}
                isListening={vehicle.isListening !== false}
                lastUpdated={vehicle.listeningLastUpdated}
              />
            </div>
            <ListeningHistory org={org} vehicleId={vehicle.id} />
          </>
        }
      >
        <div className="flex flex-wrap items-start gap-2">
          <SupportBundleActions org={org} of={{ vehicleId: vehicle.id }} />
          {canConnect && broken && accountId ? (
            <Link
              href={reconnectHref(org, { accountId, vehicleId: vehicle.id })}
              className="inline-flex h-9 items-center rounded-md border border-zinc-300 px-3 text-sm font-medium hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              Reconnect
            </Link>
          ) : null}
          {canDisconnect && !locked ? <DisconnectVehicle org={org} vehicle={vehicle} onDisconnected={setDisconnected} /> : null}
        </div>
      </RecordHeader>

      {locked ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {disconnected.processing
            ? 'The Vehicle API accepted the disconnection and is processing it. The vehicle no longer appears in the fleet lists.'
            : 'The vehicle is disconnected and no longer appears in the fleet lists.'}
          {disconnected.requestId ? <span className="font-mono text-xs"> Request id {disconnected.requestId}.</span> : null}{' '}
          <Link href={`/o/${org}/vehicles`} className="font-medium underline">
            Back to the vehicles
          </Link>
        </p>
      ) : null}

      <Card className="p-4">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Item label="VIN">
            {vehicle.vin ? (
              <Mono value={vehicle.vin} />
            ) : (
              <span className="text-zinc-500 dark:text-zinc-400">not shared (scope vehicle:information)</span>
            )}
          </Item>
          <Item label="Vehicle id">
            <Mono value={vehicle.id} />
          </Item>
          <Item label="Registration plate">
            <PlateEditor org={org} vehicle={vehicle} locked={locked} />
          </Item>
          <Item label="Account">
            {vehicle.metadata?.accountId ? (
              <Link
                href={`/o/${org}/accounts/${encodeURIComponent(vehicle.metadata.accountId)}`}
                className="font-mono text-accent-700 hover:underline dark:text-accent-100"
              >
                {vehicle.metadata.accountId}
              </Link>
            ) : (
              <span className="text-zinc-500 dark:text-zinc-400">—</span>
            )}
          </Item>
          <Item label="Last seen">
            <Time value={vehicle.metadata?.lastSeenAt} relative />
          </Item>
          <Item label="Registered">
            <RegistrationDate value={vehicle.metadata?.registrationDate} />
            {vehicle.registrationCountry ? (
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">in {vehicle.registrationCountry}</span>
            ) : vehicle.accountCountry ? (
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                in {vehicle.accountCountry} (the account&apos;s country)
              </span>
            ) : null}
          </Item>
        </dl>
        {vehicle.connectionErrorCode || vehicle.connectionErrorMessage || vehicle.actionCategory ? (
          <ConnectionProblem vehicle={vehicle} />
        ) : null}
        <div className="mt-4 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <VehicleTags org={org} vehicleId={vehicle.id} locked={locked} />
        </div>
      </Card>
    </div>
  );
}
