'use client';

import type { ReactNode } from 'react';
import { SectionCard } from '@/components/ui/card';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui/states';
import { shortDay } from '@/components/vehicle-data/charts/chart-theme';
import { formatNumber } from '@/lib/format/figures';
import { convertDistance, DISTANCE_LABEL } from '@/lib/format/units';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { useOverviewTrends } from '@/lib/overview/query';
import { HEALTH_BUCKET_LABELS, type FleetTrends } from '@/lib/overview/trends';
import { LazyTrendsCharts } from './lazy-trends-charts';

const GATHERING = 'History is gathered in the background; the first figures appear within minutes.';
const round1 = (value: number) => Math.round(value * 10) / 10;

function Weekly({ weeks }: { weeks: FleetTrends['weeks'] }) {
  const { distance } = usePreferences();
  const unit = DISTANCE_LABEL[distance];
  const rows = weeks.map((w) => ({
    start: w.start,
    distance: round1(convertDistance(w.distanceKm, distance) ?? 0),
    energy: round1(w.energyChargedKwh),
  }));
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_auto]">
      <LazyTrendsCharts
        series={[
          { key: 'distance', label: 'Distance', unit, color: 'primary', points: rows.map((r) => ({ start: r.start, value: r.distance })) },
          {
            key: 'energy',
            label: 'Energy charged',
            unit: 'kWh',
            color: 'secondary',
            points: rows.map((r) => ({ start: r.start, value: r.energy })),
          },
        ]}
      />
      <table className="text-sm" data-testid="trends-weeks">
        <caption className="sr-only">Distance and energy charged per week, last {weeks.length} weeks</caption>
        <thead>
          <tr className="text-left text-xs text-zinc-600 dark:text-zinc-400">
            <th scope="col" className="py-1 pr-4 font-medium">
              Week of
            </th>
            <th scope="col" className="py-1 pr-4 text-right font-medium">
              Distance
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Charged
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.start} className="border-t border-zinc-100 dark:border-zinc-800">
              <th scope="row" className="py-0.5 pr-4 text-left font-normal">
                {shortDay(r.start)}
              </th>
              <td className="tabular py-0.5 pr-4 text-right">
                {formatNumber(r.distance)} {unit}
              </td>
              <td className="tabular py-0.5 text-right">{formatNumber(r.energy)} kWh</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Health({ health }: { health: FleetTrends['health'] }) {
  const known = health.buckets.reduce((sum, b) => sum + b.vehicles, 0);
  if (!known) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No battery health read yet. {GATHERING}</p>;
  }
  const max = Math.max(1, ...health.buckets.map((b) => b.vehicles));
  return (
    <table className="w-full text-sm" data-testid="trends-health">
      <caption className="sr-only">Vehicles per battery health (latest state of health)</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">State of health</th>
          <th scope="col">Vehicles</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {health.buckets.map((b) => (
          <tr key={b.bucket}>
            <th scope="row" className="w-20 py-1 pr-3 text-left font-medium whitespace-nowrap">
              {HEALTH_BUCKET_LABELS[b.bucket]}
            </th>
            <td className="tabular w-10 py-1 pr-3 text-right">{b.vehicles}</td>
            <td className="py-1" aria-hidden>
              <div className="h-2.5 rounded-full bg-emerald-600" style={{ width: `${(b.vehicles / max) * 100}%` }} />
            </td>
          </tr>
        ))}
      </tbody>
      {health.withoutHealth ? (
        <tfoot>
          <tr>
            <td colSpan={3} className="pt-1 text-xs text-zinc-600 dark:text-zinc-400">
              {health.withoutHealth} {health.withoutHealth === 1 ? 'vehicle has' : 'vehicles have'} no battery health yet
            </td>
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
}

function Reporting({ reporting }: { reporting: FleetTrends['reporting'] }) {
  if (!reporting.vehicles) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No vehicle listed yet. {GATHERING}</p>;
  const percent = Math.round((reporting.reporting / reporting.vehicles) * 100);
  return (
    <div data-testid="trends-reporting">
      <p className="text-sm">
        <span className="tabular text-2xl font-semibold">{percent} %</span>{' '}
        <span className="text-zinc-600 dark:text-zinc-400">
          ({reporting.reporting} of {reporting.vehicles} vehicles reported in the last {reporting.hours} hours)
        </span>
      </p>
      <div className="mt-2 h-2.5 rounded-full bg-zinc-200 dark:bg-zinc-800" aria-hidden>
        <div className="h-2.5 rounded-full bg-accent-500" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** A part of the card under its own heading, which names the section. */
function TrendSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-1 text-sm font-medium">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The card's body once the trends are read. */
export function TrendsContent({ trends }: { trends: FleetTrends }) {
  return (
    <>
      {trends.hasHistory ? (
        <Weekly weeks={trends.weeks} />
      ) : (
        <EmptyState title="No journeys or charging sessions stored for these weeks yet">{GATHERING}</EmptyState>
      )}
      <div className="grid gap-6 sm:grid-cols-2">
        <TrendSection id="trends-health-heading" title="Battery health">
          <Health health={trends.health} />
        </TrendSection>
        <TrendSection id="trends-reporting-heading" title="Vehicles reporting">
          <Reporting reporting={trends.reporting} />
        </TrendSection>
      </div>
    </>
  );
}

/** The overview's trends: weekly distance and energy charged, battery health, vehicles reporting (Motorpool's own stores). */
export function Trends({ org }: { org: string }) {
  const trends = useOverviewTrends(org);
  return (
    <SectionCard
      id="trends-heading"
      title="Trends"
      description={`The last ${trends.data?.weeks.length ?? 12} weeks from Motorpool’s history (UTC weeks from Monday; the current one so far).`}
    >
      {trends.isPending ? (
        <Skeleton className="h-72 w-full" />
      ) : trends.isError ? (
        <ErrorState error={trends.error} onRetry={() => trends.refetch()} />
      ) : (
        <TrendsContent trends={trends.data} />
      )}
    </SectionCard>
  );
}
