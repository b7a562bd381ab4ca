'use client';

import { Pencil } from 'lucide-react';
import { clientLazy } from '@/components/ui/client-lazy';
import { useState } from 'react';
import { useCan } from '@/components/layout/session-role';
import { Button } from '@/components/ui/button';
import type { VehicleRecord } from '@/lib/vehicles/types';

/** Loaded on Edit only: the form brings zod and react-hook-form with it. */
const PlateForm = clientLazy(
  () => import('./plate-form').then((m) => m.PlateForm),
  () => <span className="text-sm">Loading…</span>,
);

/** The registration plate, with an edit form for those who may change vehicles. */
export function PlateEditor({ org, vehicle, locked }: { org: string; vehicle: VehicleRecord; locked?: boolean }) {
  const canEdit = useCan('vehicles.write') && !locked;
  const [editing, setEditing] = useState(false);
  if (editing && canEdit) return <PlateForm org={org} vehicle={vehicle} onDone={() => setEditing(false)} />;
  return (
    <span className="inline-flex items-center gap-1">
      <span className="font-mono">{vehicle.registrationPlate || <span className="text-zinc-500 dark:text-zinc-400">none</span>}</span>
      {canEdit ? (
        <Button variant="ghost" size="icon" aria-label="Edit registration plate" onClick={() => setEditing(true)}>
          <Pencil aria-hidden className="h-4 w-4" />
        </Button>
      ) : null}
    </span>
  );
}
