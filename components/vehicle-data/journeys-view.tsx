'use client';

import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { ListNotice, CursorListPager } from '@/components/fleet/pager';
import { useCursorList } from '@/components/fleet/use-cursor-list';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader, SectionCard } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { EmptyState, LoadingRows, Skeleton } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import { csvRow } from '@/lib/csv';
import { downloadFile } from '@/lib/download';
import { apiFetch } from '@/lib/query/api-fetch';
import { useSearchState } from '@/lib/query/use-search-state';
import { vehicleDataKeys, vehicleDataPath } from '@/lib/query/vehicle-data';
import { PAGE_SIZE } from '@/lib/contract/vehicle-api';
import { addDays, isDayRange, localDayEnd, localDayStart, todayKey, viewerTimeZone } from '@/lib/vehicle-data/days';
import { formatDuration, formatNumber, withUnit } from '@/lib/vehicle-data/format';
import {
  efficiencyKwhPer100Km,
  JOURNEY_CSV_HEADER,
  journeyCsvValues,
  journeyDurationMinutes,
  journeysPerDay,
  journeyTotals,
} from '@/lib/vehicle-data/journeys';
import type { DataPage, Journey } from '@/lib/vehicle-data/types';
import type { DayRange } from '@/lib/validations/vehicle-data';
import { useInBrowser } from '@/lib/hooks/use-in-browser';
import { ChartFrame } from './chart-frame';
import { LazyJourneysChart } from './charts/lazy';
import { DayRangeForm } from './day-range-form';
import { RawView } from './raw-view';
import { SectionError } from './section-error';

/** The summary loads the whole range page by page, up to this many journeys. */
const SUMMARY_PAGE_LIMIT = 20;
const DEFAULT_DAYS = 30;

const lastDays = (days: number): DayRange => ({ from: addDays(todayKey(), -(days - 1)), to: todayKey() });
const PRESETS = [7, 30, 90].map((days) => ({ label: `Last ${days} days`, range: () => lastDays(days) }));

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
                csvRow(JOURNEY_CSV_HEADER),
                ...loaded.map((j) => csvRow(journeyCsvValues(j))),
              ])
            }
          >
            <Download aria-hidden className="h-4 w-4" /> Export CSV
          </Button>
        ) : null
      }
    >
      {query.isPending ? (
        <div role="status" aria-label="Loading the totals" className="space-y-3">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : query.isError ? (
        <SectionError error={query.error} title="The journeys of this range could not be loaded" onRetry={() => query.refetch()} />
      ) : (
        <SummaryContent range={range} load={query.data} />
      )}
    </SectionCard>
  );
}

function SummaryContent({ range, load }: { range: DayRange; load: RangeLoad }) {
  const totals = journeyTotals(load.journeys);
  const days = journeysPerDay(load.journeys, viewerTimeZone(), range);
  return (
    <>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" aria-label="Totals of the range">
        <Stat label="Journeys" value={String(totals.count)} />
        <Stat label="Distance" value={withUnit(totals.distanceKm, 'km')} />
        <Stat label="Energy used" value={withUnit(totals.energyKwh, 'kWh')} />
        <Stat
          label="Efficiency"
          value={totals.efficiencyKwhPer100Km === null ? '—' : `${formatNumber(totals.efficiencyKwhPer100Km)} kWh/100 km`}
        />
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
          summary={`${days.length} days, ${withUnit(totals.distanceKm, 'km')} and ${withUnit(totals.energyKwh, 'kWh')} in all.`}
          table={{
            caption: 'Distance and energy used per day',
            columns: ['Day', 'Journeys', 'Distance (km)', 'Energy used (kWh)'],
            rows: days.map((d) => ({
              key: d.day,
              cells: [dayLabel(d.day), d.count, formatNumber(d.distanceKm), formatNumber(d.energyKwh)],
            })),
          }}
        >
          <LazyJourneysChart days={days} />
        </ChartFrame>
      )}
    </>
  );
}

const JOURNEY_COLUMNS: DataColumn<Journey>[] = [
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
    cell: (j) => withUnit(j.distanceTravelledKm, 'km'),
  },
  { id: 'energy', header: 'Energy used', align: 'right', className: 'whitespace-nowrap', cell: (j) => withUnit(j.energyUsedKwh, 'kWh', 2) },
  { id: 'soc', header: 'State of charge used', align: 'right', className: 'whitespace-nowrap', cell: (j) => withUnit(j.socUsed, '%') },
  {
    id: 'efficiency',
    header: 'Efficiency',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (j) => {
      const efficiency = efficiencyKwhPer100Km(j.energyUsedKwh, j.distanceTravelledKm);
      return efficiency === null ? '—' : `${formatNumber(efficiency)} kWh/100 km`;
    },
  },
];

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
  return (
    <Card aria-labelledby="journeys-list-heading">
      <CardHeader id="journeys-list-heading" title="Journeys" description="Newest first, one page at a time." />
      <CardBody className="space-y-3">
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
            <DataTable
              label="Journeys"
              caption="Journeys, newest first"
              columns={JOURNEY_COLUMNS}
              query={query}
              rows={page!.items}
              rowKey={(j) => j.id}
              texts={{ loading: 'Loading journeys' }}
              empty={null}
            />
            <CursorListPager label="Journeys" list={list} />
          </>
        )}
      </CardBody>
      {page ? <RawView meta={page} label="Journeys page" /> : null}
    </Card>
  );
}

/** Journeys of a date range (kept in the URL): totals, a chart per day, CSV, and the paged list. */
export function JourneysView({ org, vehicleId }: { org: string; vehicleId: string }) {
  const inBrowser = useInBrowser();
  const list = useJourneyRange();
  if (!inBrowser) return <LoadingRows label="Loading journeys" />;
  const { range, update } = list;
  const instants = { from: localDayStart(range.from).toISOString(), to: localDayEnd(range.to).toISOString() };
  return (
    <div className="space-y-6">
      <DayRangeForm
        key={`${range.from}|${range.to}`}
        id="journeys-range"
        label="Journey dates"
        value={range}
        presets={PRESETS}
        onApply={(next) => update({ from: next.from, to: next.to, pages: undefined, reset: undefined }, { push: true })}
      />
      <JourneysSummary org={org} vehicleId={vehicleId} range={range} instants={instants} />
      <JourneysTable org={org} vehicleId={vehicleId} range={range} instants={instants} />
    </div>
  );
}

/** The range in the URL (`from`, `to` as days), or the last 30 days when it is absent or not a valid range. */
function useJourneyRange() {
  const { searchParams, update } = useSearchState();
  const fromUrl = { from: searchParams.get('from') ?? '', to: searchParams.get('to') ?? '' };
  return { range: isDayRange(fromUrl) ? fromUrl : lastDays(DEFAULT_DAYS), update };
}
