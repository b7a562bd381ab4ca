'use client';

import { Card, SectionCard } from '@/components/ui/card';
import { ErrorState, Skeleton } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import { formatPressure } from '@/lib/format/units';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { useOverview } from '@/lib/overview/query';
import type { FleetOverview } from '@/lib/vehicles/types';
import Link from 'next/link';
import { Trends } from './trends';
import { WhatHappened } from './what-happened';

function Stat({ label, value, hint, testId }: { label: string; value: number | string; hint?: string; testId?: string }) {
  return (
    <Card className="p-4" data-testid={testId}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{label}</p>
      <p className="tabular mt-1 text-3xl font-semibold" data-testid="stat-value">
        {value}
      </p>
      {hint ? (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400" data-testid="stat-hint">
          {hint}
        </p>
      ) : null}
    </Card>
  );
}

function StateLink({ href, label, value, attention }: { href: string; label: string; value: number; attention?: boolean }) {
  return (
    <li>
      <Link
        href={href}
        className="flex items-baseline justify-between gap-3 rounded-md px-2 py-1.5 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-accent-600 dark:hover:bg-zinc-800"
      >
        <span>
          {label}
          {attention && value > 0 ? <span className="sr-only"> (needs attention)</span> : null}
        </span>
        <span className={`tabular font-semibold ${attention && value > 0 ? 'text-red-700 dark:text-red-400' : ''}`}>
          {attention && value > 0 ? (
            <span aria-hidden className="mr-1">
              ⚠
            </span>
          ) : null}
          {value}
        </span>
      </Link>
    </li>
  );
}

/** What the vehicles last reported (the fleet snapshot), each figure a link to the same filter of the vehicles list. */
function VehicleStates({ org, states }: { org: string; states: FleetOverview['states'] }) {
  const list = (query: string) => `/o/${org}/vehicles?${query}`;
  const t = states.thresholds;
  const { pressure } = usePreferences();
  return (
    <SectionCard
      id="states-heading"
      title="Vehicle states"
      description={
        states.newestRead ? (
          <>
            {states.read} of {states.vehicles} vehicles read; as of <Time value={states.oldestRead} compact />
            {sameMinute(states.oldestRead, states.newestRead) ? null : (
              <>
                {' '}
                to <Time value={states.newestRead} compact />
              </>
            )}
          </>
        ) : (
          'No vehicle has been read yet: the snapshot fills within a few minutes of start.'
        )
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="mb-1 text-sm font-medium">Needs attention</h3>
          <ul className="text-sm" aria-label="Vehicles needing attention">
            <StateLink
              href={list(`staleHours=${t.staleHours}`)}
              label={`Not reported for ${t.staleHours} h`}
              value={states.stale}
              attention
            />
            <StateLink
              href={list(`socBelow=${t.lowChargeBelow}`)}
              label={`Charge below ${t.lowChargeBelow}%`}
              value={states.lowCharge}
              attention
            />
            <StateLink
              href={list(`tiresBelow=${t.tiresBelow}`)}
              label={`A tire below ${formatPressure(t.tiresBelow, pressure, 0)}`}
              value={states.lowTires}
              attention
            />
            <StateLink href={list('alerts=1')} label="Has open alerts (from events)" value={states.withAlerts} attention />
          </ul>
          {states.failing > 0 ? (
            <p className="mt-1 px-2 text-xs text-zinc-600 dark:text-zinc-400">
              {states.failing} vehicles could not be read on the last try.
            </p>
          ) : null}
        </div>
        <div>
          <h3 className="mb-1 text-sm font-medium">Charging</h3>
          <ul className="text-sm" aria-label="Vehicles by charging state">
            <StateLink href={list('charging=1')} label="Charging now" value={states.charging} />
            <StateLink href={list('plugged=1')} label="Plugged in" value={states.pluggedIn} />
          </ul>
        </div>
      </div>
    </SectionCard>
  );
}

export function OverviewDashboard({ org }: { org: string }) {
  const overview = useOverview(org);
  if (overview.isPending) {
    return (
      <div role="status" aria-label="Loading the overview" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
    );
  }
  if (overview.isError) return <ErrorState error={overview.error} onRetry={() => overview.refetch()} />;
  const { fleet, commands, eventsStopped } = overview.data;
  const maxBrand = Math.max(1, ...fleet.byBrand.map((b) => b.count));
  return (
    <div className="space-y-6">
      {eventsStopped ? (
        <div
          role="note"
          aria-label="Events stopped"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">Events stopped</p>
          <p>
            {eventsStopped.lastReceivedAt ? (
              <>
                No event from the Vehicle API since <Time value={eventsStopped.lastReceivedAt} compact />
              </>
            ) : (
              'No event from the Vehicle API yet'
            )}{' '}
            (more than {eventsStopped.silenceMinutes} minutes while vehicles listen).{' '}
            {eventsStopped.pollingOff
              ? 'Polling is switched off, so command outcomes are not learned: switch it on in Settings, or check the receiver URL and signing secret in the vendor’s portal.'
              : 'Command outcomes are asked of the Vehicle API meanwhile; check the receiver URL and signing secret in the vendor’s portal.'}
          </p>
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat label="Connected accounts" value={fleet.accounts} />
        <Stat label="Vehicles" value={fleet.vehicles} hint={`${fleet.listening.on} listening · ${fleet.listening.off} not listening`} />
        <Stat
          testId="stat-commands"
          label="Commands, last 24 hours"
          value={commands.executed + commands.failed + commands.pending + commands.unknown}
          hint={`${commands.executed} executed · ${commands.failed} failed · ${commands.pending} pending${commands.unknown ? ` · ${commands.unknown} unknown` : ''}`}
        />
        <Stat
          label="Waiting"
          value={overview.data.pendingLinks + overview.data.openEligibilityChecks}
          hint={`${overview.data.pendingLinks} consent links · ${overview.data.openEligibilityChecks} eligibility checks`}
        />
      </div>
      <WhatHappened org={org} overview={overview.data} />
      <VehicleStates org={org} states={overview.data.states} />
      <Trends org={org} />
      <SectionCard
        id="brands-heading"
        bodyClassName=""
        title="Vehicles by brand"
        description={
          <>
            Counted <Time value={fleet.computedAt} relative />
          </>
        }
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Vehicles per brand</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Brand</th>
              <th scope="col">Vehicles</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {fleet.byBrand.map((b) => (
              <tr key={b.brand}>
                <th scope="row" className="w-32 py-1 pr-3 text-left font-medium">
                  {b.brand}
                </th>
                <td className="tabular w-12 py-1 pr-3 text-right">{b.count}</td>
                <td className="py-1" aria-hidden>
                  <div className="h-2.5 rounded-full bg-accent-500" style={{ width: `${(b.count / maxBrand) * 100}%` }} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </SectionCard>
    </div>
  );
}

/** Two reads in the same minute read as one time ("as of 2:30 PM", not "2:30 PM to 2:30 PM"). */
function sameMinute(a: string | null, b: string | null): boolean {
  return a !== null && b !== null && Math.floor(Date.parse(a) / 60_000) === Math.floor(Date.parse(b) / 60_000);
}
