'use client';

import { Link2, RotateCcw } from 'lucide-react';
import Link from 'next/link';
import { useCan } from '@/components/layout/session-role';
import { Button } from '@/components/ui/button';
import { PlainTable } from '@/components/ui/plain-table';
import { SectionCard } from '@/components/ui/card';
import { QueryState } from '@/components/ui/query-state';
import { Mono } from '@/components/ui/copy-button';
import { ErrorState } from '@/components/ui/states';
import { OutcomeError } from './lazy-outcome-error';
import { StatusBadge } from '@/components/ui/status-badge';
import { TableScroll } from '@/components/ui/table-scroll';
import { Time } from '@/components/ui/time';
import { toast } from '@/components/ui/toast';
import { makeLabel } from '@/lib/contract/makes';
import { BULK_CONNECT_NOT_ENABLED, type BulkConnectionView, type BulkOutcome } from '@/lib/eligibility/bulk-connect';
import type { EligibilityCheckView } from '@/lib/eligibility/checks';
import { BULK_RESULT_STATUS, GROUP_STATUS, isSettledGroup, lookOf } from '@/lib/eligibility/statuses';
import { ApiClientError } from '@/lib/query/api-fetch';
import { useCheckConnections, useConnectEligible, useRetryConnection } from '@/lib/eligibility/query';

const vinsWord = (n: number) => `${n} VIN${n === 1 ? '' : 's'}`;

/** The service refused bulk connection for the organization: what it means and what to do instead. */
function NotEnabled({ org, error }: { org: string; error: ApiClientError }) {
  return (
    <div
      role="alert"
      className="space-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-medium">Bulk connection is not enabled for your organization</p>
      <p>
        {error.message} Vehicles can still be connected one at a time from{' '}
        <Link className="underline" href={`/o/${org}/connect`}>
          Connect
        </Link>
        .
      </p>
      {(error.upstreamRequestId ?? error.requestId) ? (
        <p className="font-mono text-xs">Request id {error.upstreamRequestId ?? error.requestId}</p>
      ) : null}
    </div>
  );
}

function Outcomes({ org, connection }: { org: string; connection: BulkConnectionView }) {
  const results = connection.results ?? [];
  return (
    <TableScroll label={`Outcome per VIN of request ${connection.upstreamId}`}>
      <PlainTable caption="Outcome per VIN" columns={['VIN', 'Outcome', 'What to do']}>
        {results.map((r: BulkOutcome, i) => {
          const look = lookOf(BULK_RESULT_STATUS, r.status);
          return (
            <tr key={r.vehicleInputId ?? `${r.vin}-${i}`} className="align-top">
              <td className="px-3 py-2">
                <span className="font-mono text-xs">{r.vin ?? '—'}</span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                  {[makeLabel(r.make), r.model].filter(Boolean).join(' ')}
                  {r.countryCode ? ` · ${r.countryCode}` : ''}
                </span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">
                <StatusBadge tone={look.tone}>{look.text}</StatusBadge>
                {r.wasAlreadyConnected ? <span className="block text-xs text-zinc-600 dark:text-zinc-400">already connected</span> : null}
                {r.vehicleId ? (
                  <Link className="block text-xs underline" href={`/o/${org}/vehicles/${encodeURIComponent(r.vehicleId)}`}>
                    Open vehicle
                  </Link>
                ) : null}
              </td>
              <td className="space-y-1 px-3 py-2 text-xs">
                {r.message ? <p>{r.message}</p> : null}
                {(r.errors ?? []).map((e, j) => (
                  <OutcomeError key={j} error={e} />
                ))}
                {r.canRetry ? <p className="text-zinc-600 dark:text-zinc-400">Can be retried.</p> : null}
              </td>
            </tr>
          );
        })}
      </PlainTable>
    </TableScroll>
  );
}

function ConnectionItem({
  org,
  checkId,
  connection,
  index,
  retried,
  canConnect,
}: {
  org: string;
  checkId: string;
  connection: BulkConnectionView;
  index: number;
  retried: boolean;
  canConnect: boolean;
}) {
  const retry = useRetryConnection(org, checkId, connection.id);
  const sendAgain = () => retry.mutate(undefined, { onSuccess: () => toast.success(`${vinsWord(connection.retryable)} sent again.`) });
  const look = lookOf(GROUP_STATUS, connection.status);
  const title = connection.retryOf ? `Request ${index + 1}: retry` : `Request ${index + 1}`;
  return (
    <li className="space-y-2 py-3" aria-label={title}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-medium">{title}</span>
        <StatusBadge tone={look.tone}>{look.text}</StatusBadge>
        <span>{vinsWord(connection.vinCount)}</span>
        <span className="text-zinc-600 dark:text-zinc-400">
          Service id <Mono value={connection.upstreamId} />
        </span>
        <span className="text-zinc-600 dark:text-zinc-400">
          Sent <Time value={connection.createdAt} />
        </span>
      </div>
      {!isSettledGroup(connection.status) ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
          The service is connecting these VINs. This page updates by itself.
        </p>
      ) : (
        <>
          <p className="text-sm" aria-live="polite">
            {Object.entries(connection.counts)
              .map(([status, n]) => `${n} ${lookOf(BULK_RESULT_STATUS, status).text.toLowerCase()}`)
              .join(' · ')}
          </p>
          {connection.retryable > 0 && canConnect && !retried ? (
            <div className="space-y-2">
              <Button variant="secondary" onClick={sendAgain} disabled={retry.isPending}>
                <RotateCcw aria-hidden className="h-4 w-4" /> Retry {vinsWord(connection.retryable)}
              </Button>
              {retry.isError ? (
                retry.error instanceof ApiClientError && retry.error.code === BULK_CONNECT_NOT_ENABLED ? (
                  <NotEnabled org={org} error={retry.error} />
                ) : (
                  <ErrorState error={retry.error} title="The rows could not be sent again" />
                )
              ) : null}
            </div>
          ) : null}
          {retried ? <p className="text-sm text-zinc-600 dark:text-zinc-400">Its retryable rows were sent again below.</p> : null}
          <Outcomes org={org} connection={connection} />
        </>
      )}
    </li>
  );
}

/** "Connect the eligible ones": a completed check's eligible VINs sent for connection, and what came of each. */
export function ConnectEligible({ org, check }: { org: string; check: EligibilityCheckView }) {
  const canConnect = useCan('connect.create');
  const list = useCheckConnections(org, check.id);
  const connect = useConnectEligible(org, check.id);
  const sendEligible = () =>
    connect.mutate(undefined, {
      onSuccess: (result) => toast.success(`${vinsWord(result.connections.reduce((n, c) => n + c.vinCount, 0))} sent for connection.`),
    });
  const eligible = check.counts.ELIGIBLE ?? 0;
  const connections = list.data?.connections ?? [];
  const sent = connections.some((c) => !c.retryOf);
  return (
    <SectionCard
      id="connect-eligible-heading"
      bodyClassName="space-y-3"
      title="Connect the eligible vehicles"
      description="Sends the eligible VINs to the service for connection, at most 100 per request, and shows what came of each."
    >
      <QueryState
        query={list}
        loading="Loading the connection requests"
        loadingRows={2}
        errorTitle="The connection requests could not be loaded"
      >
        {(data) => (
          <>
            {!sent ? (
              eligible === 0 ? (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">No VIN of this check is eligible: there is nothing to connect.</p>
              ) : !data.vinsKept ? (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  This check was sent before Motorpool kept the country of each VIN, which a connection needs. Run the check again to
                  connect its eligible vehicles.
                </p>
              ) : canConnect ? (
                <Button onClick={sendEligible} disabled={connect.isPending}>
                  <Link2 aria-hidden className="h-4 w-4" /> Connect {eligible} eligible vehicle{eligible === 1 ? '' : 's'}
                </Button>
              ) : (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">Your role may not connect vehicles.</p>
              )
            ) : null}
            {connect.isError ? (
              connect.error instanceof ApiClientError && connect.error.code === BULK_CONNECT_NOT_ENABLED ? (
                <NotEnabled org={org} error={connect.error} />
              ) : (
                <ErrorState error={connect.error} title="The eligible vehicles could not be sent" />
              )
            ) : null}
            {connections.length > 0 ? (
              <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label="Connection requests">
                {connections.map((c, i) => (
                  <ConnectionItem
                    key={c.id}
                    org={org}
                    checkId={check.id}
                    connection={c}
                    index={i}
                    retried={connections.some((other) => other.retryOf === c.id)}
                    canConnect={canConnect}
                  />
                ))}
              </ul>
            ) : null}
          </>
        )}
      </QueryState>
    </SectionCard>
  );
}
