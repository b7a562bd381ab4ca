'use client';

import { withUrlState } from '@/components/fleet/with-url-state';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Download } from 'lucide-react';
import { ListNotice, CursorListPager } from '@/components/fleet/pager';
import { useCursorList } from '@/components/fleet/use-cursor-list';
import { SmallMap, type MapPoint } from '@/components/fleet-map/small-map';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { EmptyState, LoadingRows, LoadingBlocks } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import { csvRow } from '@/lib/csv';
import { downloadFile } from '@/lib/download';
import { apiFetch } from '@/lib/query/api-fetch';
import { useSearchState } from '@/lib/query/use-search-state';
import { vehicleDataKeys, vehicleDataPath } from '@/lib/query/vehicle-data';
import { PAGE_SIZE } from '@/lib/contract/vehicle-api';
import { addDays, dayKeyOf, isDayRange, zonedDayEnd, zonedDayStart } from '@/lib/vehicle-data/days';
import { formatDuration, formatNumber, withUnit } from '@/lib/vehicle-data/format';
import {
  efficiencyKwhPer100Km,
  journeyCsvHeader,
  journeyCsvValues,
  journeyDurationMinutes,
  journeysPerDay,
  journeyTotals,
} from '@/lib/vehicle-data/journeys';
import type { DataPage, Journey } from '@/lib/vehicle-data/types';
import type { DayRange } from '@/lib/validations/vehicle-data';
import { useInBrowser } from '@/lib/hooks/use-in-browser';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { DISTANCE_LABEL, convertDistance, formatDistance, formatEfficiency } from '@/lib/format/units';
import type { DistanceUnit } from '@/lib/format/preferences';
import { ChartFrame } from './chart-frame';
import { LazyJourneysChart } from './charts/lazy';
import { DayRangeForm } from './day-range-form';
import { RawView } from './raw-view';
import { SectionError } from './section-error';

/** The summary loads the whole range page by page, up to this many journeys. */
const SUMMARY_PAGE_LIMIT = 20;
const DEFAULT_DAYS = 30;

/** The last `days` days, today included, in the person's time zone. */
const lastDays = (days: number, zone: string): DayRange => {
  const today = dayKeyOf(new Date(), zone)!;
  return { from: addDays(today, -(days - 1)), to: today };
};
const presetsIn = (zone: string) => [7, 30, 90].map((days) => ({ label: `Last ${days} days`, range: () => lastDays(days, zone) }));

const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

type RangeLoad = { journeys: Journey[]; complete: boolean };

async function loadRange(org: string, vehicleId: string, instants: { from: string; to: string }, signal: AbortSignal): Promise<RangeLoad> {
  const journeys: Journey[] = [];
  let token: string | null = null;
  for (let page = 0; page < SUMMARY_PAGE_LIMIT; page++) {
    const query = new URLSearchParams({ pageSize: String(PAGE_SIZE.max), ...instants });
    if (token) query.set('pageToken', token);
    const result: DataPage<Journey> = await apiFetch<DataPage<Journey>>(vehicleDataPath(org, vehicleId, 'journeys', query), { signal });
    journeys.push(...result.items);
    token = result.nextPageToken;
    if (!token) return { journeys, complete: true };
  }
  return { journeys, complete: false };
}

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
  const query = useQuery({
    queryKey: vehicleDataKeys.section(org, vehicleId, 'journeys-range', `${instants.from}|${instants.to}`),
    queryFn: ({ signal }) => loadRange(org, vehicleId, instants, signal),
  });
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
          This range holds more than {SUMMARY_PAGE_LIMIT * PAGE_SIZE.max} journeys: the totals, the chart and the export cover the newest{' '}
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

const journeyColumns = (distance: DistanceUnit): DataColumn<Journey>[] => [
  { id: 'started', header: 'Started', className: 'whitespace-nowrap', cell: (j) => <Time value={j.startTimestamp} /> },
  { id: 'ended', header: 'Ended', className: 'whitespace-nowrap', cell: (j) => <Time value={j.stopTimestamp} /> },
  {
    id: 'duration',
    header: 'Duration',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (j) => formatDuration(journeyDurationMinutes(j)),
  },
  {
    id: 'distance',
    header: 'Distance',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (j) => formatDistance(j.distanceTravelledKm, distance),
  },
  { id: 'energy', header: 'Energy used', align: 'right', className: 'whitespace-nowrap', cell: (j) => withUnit(j.energyUsedKwh, 'kWh', 2) },
  { id: 'soc', header: 'State of charge used', align: 'right', className: 'whitespace-nowrap', cell: (j) => withUnit(j.socUsed, '%') },
  {
    id: 'efficiency',
    header: 'Efficiency',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (j) => formatEfficiency(efficiencyKwhPer100Km(j.energyUsedKwh, j.distanceTravelledKm), distance),
  },
];

const placed = (latitude: unknown, longitude: unknown, kind: MapPoint['kind']): MapPoint[] =>
  typeof latitude === 'number' && typeof longitude === 'number' ? [{ latitude, longitude, kind }] : [];

function journeyEnds(journeys: readonly Journey[]): MapPoint[] {
  return journeys.flatMap((j) => [
    ...placed(j.startLatitude, j.startLongitude, 'start'),
    ...placed(j.stopLatitude, j.stopLongitude, 'end'),
  ]);
}

function JourneysTable({
  org,
  vehicleId,
  instants,
  range,
}: {
  org: string;
  vehicleId: string;
  instants: { from: string; to: string };
  range: DayRange;
}) {
  const list = useCursorList<Journey, DataPage<Journey>>({
    endpoint: vehicleDataPath(org, vehicleId, 'journeys'),
    keyOf: (query) => vehicleDataKeys.section(org, vehicleId, 'journeys', query),
    apiParams: instants,
  });
  const { query } = list;
  const page = query.data;
  const { distance } = usePreferences();
  const columns = useMemo(() => journeyColumns(distance), [distance]);
  return (
    <SectionCard
      id="journeys-list-heading"
      title="Journeys"
      description="Newest first, one page at a time."
      bodyClassName="space-y-3"
      footer={page ? <RawView meta={page} label="Journeys page" /> : null}
    >
      {list.notice ? <ListNotice>{list.notice}</ListNotice> : null}
      {query.isPending || list.resetting ? (
        <LoadingRows label="Loading journeys" />
      ) : query.isError ? (
        <SectionError error={query.error} title="The journeys could not be loaded" onRetry={() => query.refetch()} />
      ) : page!.items.length === 0 && !list.hasPrevious ? (
        <EmptyState title="No journeys in this period">
          The vehicle reported no journeys from {dayLabel(range.from)} to {dayLabel(range.to)}. Choose a wider range, or check on the
          Overview that the vehicle is listening.
        </EmptyState>
      ) : (
        <>
          <SmallMap
            points={journeyEnds(page!.items)}
            label="Where the journeys of this page started (green) and ended (red)"
            className="h-56"
          />
          <p className="text-xs text-zinc-600 dark:text-zinc-400">Green: where a journey of this page started; red: where it ended.</p>
          <DataTable
            label="Journeys"
            caption="Journeys, newest first"
            columns={columns}
            query={query}
            rows={page!.items}
            rowKey={(j) => j.id}
            texts={{ loading: 'Loading journeys' }}
            empty={null}
          />
          <CursorListPager label="Journeys" list={list} />
        </>
      )}
    </SectionCard>
  );
}

/** Journeys of a date range (kept in the URL): totals, a chart per day, CSV, and the paged list. */
function Journeys({ org, vehicleId }: { org: string; vehicleId: string }) {
  const inBrowser = useInBrowser();
  const { zone } = usePreferences();
  const list = useJourneyRange(zone);
  if (!inBrowser) return <LoadingRows label="Loading journeys" />;
  const { range, update } = list;
  // Days are the person's days: in their chosen zone, else the browser's.
  const instants = { from: zonedDayStart(range.from, zone).toISOString(), to: zonedDayEnd(range.to, zone).toISOString() };
  return (
    <div className="space-y-6">
      <DayRangeForm
        key={`${range.from}|${range.to}`}
        id="journeys-range"
        label="Journey dates"
        value={range}
        presets={presetsIn(zone)}
        onApply={(next) => update({ from: next.from, to: next.to, pages: undefined, reset: undefined }, { push: true })}
      />
      <JourneysSummary org={org} vehicleId={vehicleId} range={range} instants={instants} />
      <JourneysTable org={org} vehicleId={vehicleId} range={range} instants={instants} />
    </div>
  );
}

/** The range in the URL (`from`, `to` as days), or the last 30 days when it is absent or not a valid range. */
function useJourneyRange(zone: string) {
  const { searchParams, update } = useSearchState();
  const fromUrl = { from: searchParams.get('from') ?? '', to: searchParams.get('to') ?? '' };
  return { range: isDayRange(fromUrl) ? fromUrl : lastDays(DEFAULT_DAYS, zone), update };
}

export const JourneysView = withUrlState(Journeys);
