'use client';

import { TableScroll } from '@/components/ui/table-scroll';
import { PlainTable } from '@/components/ui/plain-table';
import { Time } from '@/components/ui/time';
import { SectionError } from '@/components/list/section-error';
import { RawView } from '@/components/vehicle-data/raw-view';
import { LoadingBlocks } from '@/components/ui/states';
import { useVehicleData } from '@/lib/vehicle-data/query';
import type { ListeningHistoryRow } from '@/lib/vehicle-data/listening-history';
import type { ListeningHistoryResponse } from '@/lib/vehicle-data/types';

function changeText(row: ListeningHistoryRow): string {
  if (row.isListening === true) return 'Resumed data collection';
  if (row.isListening === false) return 'Paused data collection';
  return 'Unknown change';
}

function WhoCell({ row }: { row: ListeningHistoryRow }) {
  if (row.here) return <span>{row.here.actor ? `${row.here.actor}, in Motorpool` : 'A member, in Motorpool'}</span>;
  return <span className="text-zinc-600 dark:text-zinc-400">Outside Motorpool (the owner&apos;s app, the vehicle or another client)</span>;
}

/** Mounted only while the disclosure is open: each opening asks again, so a change just made shows. */
export function HistoryPanel({ org, vehicleId }: { org: string; vehicleId: string }) {
  const query = useVehicleData<ListeningHistoryResponse>(org, vehicleId, 'listening-history', '', { refetchOnMount: 'always' });
  if (query.isPending) return <LoadingBlocks label="Loading the listening history" blocks={['h-16 w-full']} />;
  if (query.isError) {
    return <SectionError error={query.error} title="The listening history could not be loaded" onRetry={() => query.refetch()} />;
  }
  const { rows, more } = query.data;
  return (
    <div className="space-y-2">
      {rows.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">The Vehicle API records no pause or resume for this vehicle.</p>
      ) : (
        <TableScroll label="Listening history" frame="bare">
          <PlainTable caption="Listening history, newest first" columns={['When', 'Change', 'Who']} cellClassName="py-1.5 pr-3 last:pr-0">
            {rows.map((row, i) => (
              <tr key={`${row.timestamp}-${i}`}>
                <td className="py-1.5 pr-3 whitespace-nowrap">
                  {row.timestamp && !Number.isNaN(Date.parse(row.timestamp)) ? <Time value={row.timestamp} /> : (row.timestamp ?? '—')}
                </td>
                <td className="py-1.5 pr-3">{changeText(row)}</td>
                <td className="py-1.5">
                  <WhoCell row={row} />
                </td>
              </tr>
            ))}
          </PlainTable>
        </TableScroll>
      )}
      {more ? <p className="text-xs text-zinc-600 dark:text-zinc-400">Showing the latest {rows.length} changes.</p> : null}
      <RawView meta={query.data} label="Listening history" />
    </div>
  );
}
