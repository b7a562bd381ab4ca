'use client';

import { useMemo } from 'react';
import { ListNotice, CursorListPager } from '@/components/list/pager';
import { SmallMap, type MapPoint } from '@/components/map/small-map';
import { SectionCard } from '@/components/ui/card';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { EmptyState, LoadingRows } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import { useJourneyPages } from '@/lib/vehicle-data/list-query';
import { figureText, formatDuration } from '@/lib/format/figures';
import { efficiencyKwhPer100Km, journeyDurationMinutes } from '@/lib/vehicle-data/journeys';
import type { Journey } from '@/lib/vehicle-data/types';
import { dayLabel } from '@/lib/vehicle-data/days';
import type { DayRange } from '@/lib/vehicle-data/schemas';
import { usePreferences } from '@/lib/hooks/use-preferences';
import { formatDistance, formatEfficiency } from '@/lib/format/units';
import type { DistanceUnit } from '@/lib/format/preferences';
import { RawView } from './raw-view';
import { SectionError } from '@/components/list/section-error';

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
  {
    id: 'energy',
    header: 'Energy used',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (j) => figureText(j.energyUsedKwh, 'kWh', 2),
  },
  { id: 'soc', header: 'State of charge used', align: 'right', className: 'whitespace-nowrap', cell: (j) => figureText(j.socUsed, '%') },
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

/** One page of journeys at a time, its page in the URL (through nuqs, inside JourneysView's adapter), with the page's start and end points on a map. */
export function JourneysTable({
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
  const list = useJourneyPages(org, vehicleId, instants);
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
            height="224"
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
