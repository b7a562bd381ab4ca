'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { useState } from 'react';
import { LoadingBlocks } from '@/components/ui/states';

/** Loaded on the first opening: most visits to a vehicle never open it. */
const HistoryPanel = clientLazy(
  () => import('./listening-history-panel').then((m) => m.HistoryPanel),
  () => <LoadingBlocks label="Loading the listening history" blocks={['h-16 w-full']} />,
);

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
