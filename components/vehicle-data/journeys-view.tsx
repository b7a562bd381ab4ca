'use client';

import { withUrlState } from '@/components/list/with-url-state';
import { Download } from 'lucide-react';
import { ListNotice } from '@/components/list/pager';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { LoadingRows, LoadingBlocks } from '@/components/ui/states';
import { csvRow } from '@/lib/csv';
import { downloadFile } from '@/lib/download';
import { JOURNEY_SUMMARY_MAX, useJourneysInRange, type RangeLoad } from '@/lib/vehicle-data/range-query';
import { dayLabel } from '@/lib/vehicle-data/days';
import { formatDuration, formatNumber, withUnit } from '@/lib/format/figures';
import { journeyCsvHeader, journeyCsvValues, journeysPerDay, journeyTotals } from '@/lib/vehicle-data/journeys';
import type { DayRange } from '@/lib/vehicle-data/schemas';
import { useInBrowser } from '@/lib/hooks/use-in-browser';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { DISTANCE_LABEL, convertDistance, formatDistance, formatEfficiency } from '@/lib/format/units';
import { ChartFrame } from './chart-frame';
import { LazyJourneysChart } from './charts/lazy';
import { DayRangeForm } from './day-range-form';
import { presetsIn, useDayRangeUrl } from './use-day-range-url';
import { JourneysTable } from './journeys-table';
import { SectionError } from '@/components/list/section-error';
import { LazyBackfillPanel } from '@/components/history/lazy-backfill-panel';

const DEFAULT_DAYS = 30;

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="tabular text-xl font-semibold">{value}</dd>
    </div>
  );
}

/** Totals, the per-day chart and the CSV export of every journey in the range. */
function JourneysSummary({
  org,
  vehicleId,
  range,
  instants,
}: {
  org: string;
  vehicleId: string;
  range: DayRange;
  instants: { from: string; to: string };
}) {
  const query = useJourneysInRange(org, vehicleId, instants);
  const { distance } = usePreferences();
  const title = `${dayLabel(range.from)} to ${dayLabel(range.to)}`;
  const loaded = query.data?.journeys ?? [];
  return (
    <SectionCard
      id="journeys-summary-heading"
      title="Totals and distance per day"
      description={`Journeys that started from ${title}, in your time zone.`}
      actions={
        loaded.length > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              downloadFile(`journeys-${vehicleId}-${range.from}-to-${range.to}.csv`, [
                csvRow(journeyCsvHeader(distance)),
                ...loaded.map((j) => csvRow(journeyCsvValues(j, distance))),
              ])
            }
          >
            <Download aria-hidden className="h-4 w-4" /> Export CSV
          </Button>
        ) : null
      }
    >
      {query.isPending ? (
        <LoadingBlocks label="Loading the totals" blocks={['h-14 w-full', 'h-64 w-full']} className="space-y-3" />
      ) : query.isError ? (
        <SectionError error={query.error} title="The journeys of this range could not be loaded" onRetry={() => query.refetch()} />
      ) : (
        <SummaryContent range={range} load={query.data} />
      )}
    </SectionCard>
  );
}

function SummaryContent({ range, load }: { range: DayRange; load: RangeLoad }) {
  const { distance, zone } = usePreferences();
  const totals = journeyTotals(load.journeys);
  const days = journeysPerDay(load.journeys, zone, range);
  return (
    <>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" aria-label="Totals of the range">
        <Stat label="Journeys" value={String(totals.count)} />
        <Stat label="Distance" value={formatDistance(totals.distanceKm, distance)} />
        <Stat label="Energy used" value={withUnit(totals.energyKwh, 'kWh')} />
        <Stat label="Efficiency" value={formatEfficiency(totals.efficiencyKwhPer100Km, distance)} />
        <Stat label="State of charge used" value={withUnit(totals.socUsed, '%', 0)} />
        <Stat label="Driving time" value={formatDuration(totals.durationMinutes)} />
      </dl>
      {load.complete ? null : (
        <ListNotice>
          This range holds more than {JOURNEY_SUMMARY_MAX} journeys: the totals, the chart and the export cover the newest{' '}
          {load.journeys.length}. Choose a shorter range to see all of them.
        </ListNotice>
      )}
      {totals.count === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No journeys in this range, so there is nothing to chart.</p>
      ) : (
        <ChartFrame
          title="Distance and energy used per day"
          summary={`${days.length} days, ${formatDistance(totals.distanceKm, distance)} and ${withUnit(totals.energyKwh, 'kWh')} in all.`}
          table={{
            caption: 'Distance and energy used per day',
            columns: ['Day', 'Journeys', `Distance (${DISTANCE_LABEL[distance]})`, 'Energy used (kWh)'],
            rows: days.map((d) => ({
              key: d.day,
              cells: [dayLabel(d.day), d.count, formatNumber(convertDistance(d.distanceKm, distance)), formatNumber(d.energyKwh)],
            })),
          }}
        >
          <LazyJourneysChart days={days} unit={distance} />
        </ChartFrame>
      )}
    </>
  );
}

/** Journeys of a date range (kept in the URL): totals, a chart per day, CSV, and the paged list; below, the vehicle's stored history and its backfill. */
function Journeys({ org, vehicleId }: { org: string; vehicleId: string }) {
  const inBrowser = useInBrowser();
  const { zone } = usePreferences();
  // Days are the person's days: in their chosen zone, else the browser's.
  const { range, setRange, instants } = useDayRangeUrl(zone, DEFAULT_DAYS);
  if (!inBrowser) return <LoadingRows label="Loading journeys" />;
  return (
    <div className="space-y-6">
      <DayRangeForm
        key={`${range.from}|${range.to}`}
        id="journeys-range"
        label="Journey dates"
        value={range}
        presets={presetsIn(zone)}
        onApply={setRange}
      />
      <JourneysSummary org={org} vehicleId={vehicleId} range={range} instants={instants} />
      <JourneysTable org={org} vehicleId={vehicleId} range={range} instants={instants} />
      <LazyBackfillPanel org={org} vehicleId={vehicleId} />
    </div>
  );
}

export const JourneysView = withUrlState(Journeys);
