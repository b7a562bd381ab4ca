'use client';

import { Columns3 } from 'lucide-react';
import { VEHICLE_COLUMNS, type VehicleColumnId } from '@/lib/vehicles/vehicle-columns';

/** Which columns the table shows; kept in the URL by the caller. */
export function ColumnChooser({ columns, onChange }: { columns: VehicleColumnId[]; onChange: (columns: VehicleColumnId[]) => void }) {
  return (
    <details className="relative">
      <summary className="inline-flex h-8 cursor-pointer list-none items-center gap-2 rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800">
        <Columns3 aria-hidden className="h-4 w-4" /> Columns
      </summary>
      <fieldset className="absolute right-0 z-20 mt-1 w-52 space-y-1 rounded-lg border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-800 dark:bg-zinc-900">
        <legend className="sr-only">Columns shown</legend>
        {VEHICLE_COLUMNS.map((c) => (
          <label key={c.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={columns.includes(c.id)}
              disabled={columns.length === 1 && columns.includes(c.id)}
              onChange={(e) =>
                onChange(
                  e.target.checked
                    ? VEHICLE_COLUMNS.map((x) => x.id).filter((id) => id === c.id || columns.includes(id))
                    : columns.filter((id) => id !== c.id),
                )
              }
            />
            {c.label}
            {c.id === 'tags' ? <span className="text-xs text-zinc-500 dark:text-zinc-400">(one call per vehicle)</span> : null}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
