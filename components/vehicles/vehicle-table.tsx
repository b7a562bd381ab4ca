'use client';

import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import Link from 'next/link';
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { VEHICLE_COLUMNS, tagLabel, type Sort, type VehicleColumnId } from '@/lib/fleet/vehicle-columns';
import type { TagRecord, VehicleRecord } from '@/lib/fleet/types';
import { ConnectionBadge, ListeningBadge } from './vehicle-badges';

const VirtualRows = lazy(() => import('./virtual-rows').then((m) => ({ default: m.VirtualRows })));

/** Above this many rows only the visible ones are in the DOM. */
const VIRTUALIZE_FROM = 50;
const ROW_HEIGHT = 41;

type VehicleTableProps = {
  org: string;
  vehicles: VehicleRecord[];
  columns: VehicleColumnId[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  tagsById?: Record<string, TagRecord[] | null>;
  tagsLoading?: boolean;
};

function nextSort(current: Sort, column: VehicleColumnId): Sort {
  if (current?.column !== column) return { column, descending: false };
  return current.descending ? null : { column, descending: true };
}

function Cell({ org, vehicle, column, tags, tagsLoading }: { org: string; vehicle: VehicleRecord; column: VehicleColumnId; tags?: TagRecord[] | null; tagsLoading?: boolean }) {
  switch (column) {
    case 'vin':
      return (
        <Link href={`/o/${org}/vehicles/${encodeURIComponent(vehicle.id)}`} className="font-mono text-xs text-accent-700 underline-offset-2 hover:underline dark:text-accent-100">
          {vehicle.vin ?? vehicle.id}
        </Link>
      );
    case 'account':
      return vehicle.metadata?.accountId ? (
        <Link href={`/o/${org}/accounts/${encodeURIComponent(vehicle.metadata.accountId)}`} className="font-mono text-xs hover:underline">
          {vehicle.metadata.accountId}
        </Link>
      ) : (
        <Empty />
      );
    case 'listening':
      return <ListeningBadge value={vehicle.isListening} />;
    case 'connection':
      return <ConnectionBadge value={vehicle.connectionStatus} />;
    case 'tags':
      if (tagsLoading && tags === undefined) return <span className="text-xs text-zinc-500">Loading…</span>;
      if (!tags?.length) return <Empty />;
      return (
        <span className="flex flex-wrap gap-1">
          {tags.map((t) => (
            <Link
              key={`${t.key}\u0000${t.value}`}
              href={`/o/${org}/vehicles?tagKey=${encodeURIComponent(t.key)}&tagValue=${encodeURIComponent(t.value)}`}
              className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs hover:bg-zinc-200 dark:bg-zinc-800 dark:hover:bg-zinc-700"
            >
              {tagLabel(t)}
            </Link>
          ))}
        </span>
      );
    case 'year':
      return <span className="tabular">{vehicle.modelYear ?? <Empty />}</span>;
    default: {
      const value = VEHICLE_COLUMNS.find((c) => c.id === column)!.value(vehicle);
      return value ? <>{value}</> : <Empty />;
    }
  }
}

function Empty() {
  return <span className="text-zinc-500">—</span>;
}

/** The vehicles of one page: sortable headers, chosen columns, virtualized rows when the page is large. */
export function VehicleTable({ org, vehicles, columns, sort, onSort, tagsById, tagsLoading }: VehicleTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = vehicles.length >= VIRTUALIZE_FROM;
  const shown = columns.map((id) => VEHICLE_COLUMNS.find((c) => c.id === id)!).filter(Boolean);

  const row = (vehicle: VehicleRecord, extra?: { index: number; measure: (el: HTMLTableRowElement | null) => void }): ReactNode => (
    <tr key={vehicle.id} data-index={extra?.index} ref={extra?.measure} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
      {shown.map((c) => (
        <td key={c.id} className={cn('px-3 py-2 whitespace-nowrap', c.id === 'year' && 'text-right')}>
          <Cell org={org} vehicle={vehicle} column={c.id} tags={tagsById?.[vehicle.id]} tagsLoading={tagsLoading} />
        </td>
      ))}
    </tr>
  );

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label="Vehicles"
      tabIndex={0}
      className={cn('overflow-auto rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900', virtual && 'max-h-[70vh]')}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Vehicles on this page{sort ? `, sorted by ${sort.column} ${sort.descending ? 'descending' : 'ascending'}` : ''}</caption>
        <thead className="sticky top-0 z-10 border-b border-zinc-200 bg-white text-xs text-zinc-600 uppercase dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            {shown.map((c) => {
              const active = sort?.column === c.id;
              const Icon = !active ? ArrowUpDown : sort.descending ? ArrowDown : ArrowUp;
              return (
                <th key={c.id} scope="col" aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined} className={cn('px-3 py-2 font-medium', c.id === 'year' && 'text-right')}>
                  {c.id === 'tags' ? (
                    c.label
                  ) : (
                    <button type="button" onClick={() => onSort(nextSort(sort, c.id))} className="inline-flex items-center gap-1 uppercase hover:text-zinc-900 dark:hover:text-zinc-100">
                      {c.label}
                      <Icon aria-hidden className="h-3.5 w-3.5" />
                    </button>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {virtual ? (
            <Suspense fallback={vehicles.slice(0, 30).map((v) => row(v))}>
              <VirtualRows
                count={vehicles.length}
                rowHeight={ROW_HEIGHT}
                columns={shown.length}
                scrollRef={scrollRef}
                renderRow={(index, measure) => row(vehicles[index], { index, measure })}
              />
            </Suspense>
          ) : (
            vehicles.map((v) => row(v))
          )}
        </tbody>
      </table>
    </div>
  );
}
