'use client';

import { useState } from 'react';
import { TableScroll } from '@/components/ui/table-scroll';
import { PlainTable } from '@/components/ui/plain-table';
import { Time } from '@/components/ui/time';
import { SectionError } from '@/components/vehicle-data/section-error';
import { RawView } from '@/components/vehicle-data/raw-view';
import { LoadingBlocks } from '@/components/ui/states';
import { useVehicleData } from '@/lib/query/vehicle-data';
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
function HistoryPanel({ org, vehicleId }: { org: string; vehicleId: string }) {
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
        <TableScroll label="Listening history" className="rounded-none border-0 bg-transparent shadow-none dark:bg-transparent">
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

/**
 * Who paused or resumed data collection, and when, beside the listening switch: the Vehicle API's
 * record of every change, with the member's name when the change was made in Motorpool.
 */
export function ListeningHistory({ org, vehicleId }: { org: string; vehicleId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-2 text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-zinc-700 hover:underline dark:text-zinc-300">Listening history</summary>
      <div className="mt-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
        {open ? <HistoryPanel org={org} vehicleId={vehicleId} /> : null}
      </div>
    </details>
  );
}
