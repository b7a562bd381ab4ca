'use client';

import Link from 'next/link';
import type { DataColumn, SortValue } from '@/components/ui/data-table';
import { Time } from '@/components/ui/time';
import { VEHICLE_COLUMNS, healthText, type Sort, type VehicleColumnId } from '@/lib/vehicles/vehicle-columns';
import { tagLabel } from '@/lib/vehicles/tags';
import type { BatteryHealthCell, TagRecord, VehicleRecord } from '@/lib/vehicles/types';
import { ConnectionBadge, ListeningBadge } from './vehicle-badges';

function Cell({
  org,
  vehicle,
  column,
  tags,
  tagsLoading,
}: {
  org: string;
  vehicle: VehicleRecord;
  column: VehicleColumnId;
  tags?: TagRecord[] | null;
  tagsLoading?: boolean;
}) {
  switch (column) {
    case 'vin':
      return (
        <Link
          href={`/o/${org}/vehicles/${encodeURIComponent(vehicle.id)}`}
          className="font-mono text-xs text-accent-700 underline-offset-2 hover:underline dark:text-accent-100"
        >
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
      if (tagsLoading && tags === undefined) return <span className="text-xs text-zinc-500 dark:text-zinc-400">Loading…</span>;
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
    case 'health':
      return <HealthCell health={vehicle.batteryHealth} />;
    case 'year':
      return <span className="tabular">{vehicle.modelYear ?? <Empty />}</span>;
    default: {
      const value = VEHICLE_COLUMNS.find((c) => c.id === column)!.value(vehicle);
      return value ? <>{value}</> : <Empty />;
    }
  }
}

/** The snapshot's state of health with its age (it is read about once a day, and computed by the vendor less often). */
function HealthCell({ health }: { health: BatteryHealthCell | null | undefined }) {
  const text = healthText(health?.percent);
  if (text)
    return (
      <span>
        <span className="tabular">{text}</span>{' '}
        <span className="text-xs text-zinc-600 dark:text-zinc-400">
          (<Time value={health!.at} relative />)
        </span>
      </span>
    );
  if (health?.noData)
    return (
      <span className="text-xs text-zinc-600 dark:text-zinc-400" title="It appears after a qualifying charge">
        No battery data yet
      </span>
    );
  if (health?.failed) return <span className="text-xs text-zinc-600 dark:text-zinc-400">Could not be read</span>;
  return <Empty />;
}

function Empty() {
  return <span className="text-zinc-500 dark:text-zinc-400">—</span>;
}

/** Above 50 rows only the rows in view are in the DOM. */
export const VEHICLE_VIRTUALIZE = { from: 50, rowHeight: 41 };

/** The chosen columns of the vehicle table; every one but the tags sorts (the sort is kept in the URL). */
export function vehicleColumns({
  org,
  columns,
  tagsById,
  tagsLoading,
}: {
  org: string;
  columns: VehicleColumnId[];
  tagsById?: Record<string, TagRecord[] | null>;
  tagsLoading?: boolean;
}): DataColumn<VehicleRecord>[] {
  return columns
    .map((id) => VEHICLE_COLUMNS.find((c) => c.id === id))
    .filter((c) => c !== undefined)
    .map((c) => ({
      id: c.id,
      header: c.label,
      align: c.id === 'year' || c.id === 'health' ? ('right' as const) : undefined,
      className: 'whitespace-nowrap',
      sortable: c.id !== 'tags',
      cell: (vehicle: VehicleRecord) => (
        <Cell org={org} vehicle={vehicle} column={c.id} tags={tagsById?.[vehicle.id]} tagsLoading={tagsLoading} />
      ),
    }));
}

/** The table's sort as the URL keeps it, and back. */
export function toSortValue(sort: Sort): SortValue | null {
  return sort ? { id: sort.column, desc: sort.descending } : null;
}

export function fromSortValue(value: SortValue | null): Sort {
  const column = VEHICLE_COLUMNS.find((c) => c.id === value?.id);
  return value && column ? { column: column.id, descending: value.desc } : null;
}

export function vehicleCaption(sort: Sort): string {
  return `Vehicles on this page${sort ? `, sorted by ${sort.column} ${sort.descending ? 'descending' : 'ascending'}` : ''}`;
}
