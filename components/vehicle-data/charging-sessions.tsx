'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { Download } from 'lucide-react';
import { ListNotice, CursorListPager } from '@/components/list/pager';
import { useQueryState } from 'nuqs';
import { buttonClass } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { LookupForm, type LookupCheck } from '@/components/ui/lookup-form';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { EmptyState, LoadingRows } from '@/components/ui/states';
import { Time } from '@/components/ui/time';
import { useChargingSessions } from '@/lib/vehicle-data/list-query';
import { chargingDurationMinutes, energyPerSession } from '@/lib/vehicle-data/charging';
import { figureText, formatDuration, formatNumber } from '@/lib/format/figures';
import type { ChargingSession } from '@/lib/vehicle-data/types';
import { ChartFrame } from './chart-frame';
import { lossText, socText, temperatureText } from './charging-text';
import { LazyChargingChart } from './charts/lazy';
import { RawView } from './raw-view';
import { SectionError } from '@/components/list/section-error';
import { vehicleDataPath } from '@/lib/vehicle-data/query';
import { DayRangeForm } from './day-range-form';
import { presetsIn, type useDayRangeUrl } from './use-day-range-url';

/** One session by id: loaded when a session is opened, most visits only list them. */
const SessionDetail = clientLazy(
  () => import('./charging-session-detail').then((m) => m.SessionDetail),
  () => <LoadingRows label="Loading the charging session" />,
);

/** The session id typed, checked by the schema, which (with zod) loads on the first look-up: the page needs it for nothing else. */
async function checkSessionId(text: string): Promise<LookupCheck> {
  const { chargingLookupSchema } = await import('@/lib/vehicle-data/schemas');
  const parsed = chargingLookupSchema.safeParse({ sessionId: text });
  return parsed.success ? { value: parsed.data.sessionId } : { error: parsed.error.issues[0]?.message ?? 'Not a session id' };
}

const SESSION_COLUMNS: DataColumn<ChargingSession>[] = [
  {
    id: 'duration',
    header: 'Duration',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (s) => formatDuration(chargingDurationMinutes(s)),
  },
  { id: 'grid', header: 'From the grid', align: 'right', className: 'whitespace-nowrap', cell: (s) => figureText(s.kwhFromGrid, 'kWh', 2) },
  {
    id: 'battery',
    header: 'Into the battery',
    align: 'right',
    className: 'whitespace-nowrap',
    cell: (s) => figureText(s.kwhInHvb, 'kWh', 2),
  },
  { id: 'loss', header: 'Loss', align: 'right', className: 'whitespace-nowrap', cell: lossText },
  { id: 'power', header: 'Median power', align: 'right', className: 'whitespace-nowrap', cell: (s) => figureText(s.kwMedian, 'kW') },
  { id: 'soc', header: 'State of charge', align: 'right', className: 'whitespace-nowrap', cell: socText },
  { id: 'outside', header: 'Outside', align: 'right', className: 'whitespace-nowrap', cell: temperatureText },
];

function sessionColumns(onOpen: (id: string) => void): DataColumn<ChargingSession>[] {
  const started: DataColumn<ChargingSession> = {
    id: 'started',
    header: 'Started (open for details)',
    className: 'whitespace-nowrap',
    cell: (s) => (
      <button
        type="button"
        onClick={() => onOpen(s.id)}
        className="text-left text-accent-700 underline-offset-2 hover:underline dark:text-accent-100"
      >
        <Time value={s.startedAt} />
        <span className="sr-only">, details of session {s.id}</span>
      </button>
    ),
  };
  return [started, ...SESSION_COLUMNS];
}

/** The range's sessions: the list where the upstream offers it, look-up by id always, energy per session as a chart. */
export function ChargingSessions({
  org,
  vehicleId,
  zone,
  range,
  setRange,
  instants,
}: { org: string; vehicleId: string; zone: string } & ReturnType<typeof useDayRangeUrl>) {
  const list = useChargingSessions(org, vehicleId, instants);
  const { query } = list;
  const [sessionId, setSessionId] = useQueryState('session');
  const page = query.data;
  const openSession = (id: string | null) => void setSessionId(id, { history: 'push' });
  const energy = page?.listAvailable ? energyPerSession(page.items) : [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <DayRangeForm
          key={`${range.from}|${range.to}`}
          id="charging-range"
          label="Charging dates"
          value={range}
          presets={presetsIn(zone)}
          onApply={setRange}
        />
        {page?.listAvailable ? (
          <a
            className={buttonClass({ variant: 'secondary', size: 'sm', className: 'mt-6' })}
            href={vehicleDataPath(org, vehicleId, 'charging/export', new URLSearchParams(instants))}
            download
          >
            <Download aria-hidden className="h-4 w-4" /> Export CSV
          </a>
        ) : null}
      </div>
      {sessionId ? (
        <SessionDetail key={sessionId} org={org} vehicleId={vehicleId} sessionId={sessionId} onClose={() => openSession(null)} />
      ) : null}
      <SectionCard
        id="charging-heading"
        title="Charging sessions"
        description="Energy from the grid, energy stored in the battery, and what was lost between them."
        footer={page ? <RawView meta={page} label="Charging sessions page" /> : null}
      >
        <LookupForm
          id="charging-session-id"
          label="Session id"
          name="Look up a charging session"
          check={checkSessionId}
          onLookUp={openSession}
          className="w-96 max-w-full"
        />
        {list.notice ? <ListNotice>{list.notice}</ListNotice> : null}
        {query.isPending || list.resetting ? (
          <LoadingRows label="Loading charging sessions" />
        ) : query.isError ? (
          <SectionError error={query.error} title="The charging sessions could not be loaded" onRetry={() => query.refetch()} />
        ) : !page!.listAvailable ? (
          <ListNotice>
            This Vehicle API does not list charging sessions (it answered HTTP {page!.unavailableStatus ?? 404} to the list). Look a session
            up by its id above.
          </ListNotice>
        ) : page!.items.length === 0 && !list.hasPrevious ? (
          <EmptyState title="No charging sessions">
            The Vehicle API has no charging session for this vehicle that started in this range. Sessions appear here after the vehicle has
            charged.
          </EmptyState>
        ) : (
          <>
            <ChartFrame
              title="Energy per session"
              summary={`The ${energy.length} sessions of this page, oldest on the left.`}
              table={{
                caption: 'Energy per charging session',
                columns: ['Session started', 'From the grid (kWh)', 'Into the battery (kWh)', 'Loss (kWh)'],
                rows: energy.map((e) => ({
                  key: e.id,
                  cells: [
                    e.startedAt ? <Time key="t" value={e.startedAt} /> : e.id,
                    formatNumber(e.fromGridKwh, 2) ?? '—',
                    formatNumber(e.intoBatteryKwh, 2) ?? '—',
                    formatNumber(e.lossKwh, 2) ?? '—',
                  ],
                })),
              }}
            >
              <LazyChargingChart sessions={energy} />
            </ChartFrame>
            <DataTable
              label="Charging sessions"
              caption="Charging sessions, newest first"
              columns={sessionColumns(openSession)}
              query={query}
              rows={page!.items}
              rowKey={(s) => s.id}
              texts={{ loading: 'Loading charging sessions' }}
              empty={null}
            />
            <CursorListPager label="Charging sessions" list={list} />
          </>
        )}
      </SectionCard>
    </div>
  );
}
