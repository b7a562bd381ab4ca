'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import Link from 'next/link';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { PlainTable } from '@/components/ui/plain-table';
import { Skeleton } from '@/components/ui/skeleton';
import { ErrorState } from '@/components/ui/states';
import { TableScroll } from '@/components/ui/table-scroll';
import { Time } from '@/components/ui/time';
import { LOW_CHARGE_PERCENT } from '@/lib/map/points';
import { usePositions } from '@/lib/overview/query';
import { FleetMapPicture } from './fleet-map-picture';

// MapLibre is large (about 230 kB compressed): it loads when a person explores the map, not with the page.
const loadCanvas = () => import('./fleet-map-canvas');
const FleetMapCanvas = clientLazy(
  () => loadCanvas().then((m) => m.FleetMapCanvas),
  () => <Skeleton className="h-[60vh] min-h-80 w-full" />,
);

/** The fleet's last positions on a map, and the same vehicles as a list for keyboard and screen-reader users. */
export function FleetMapView({ org, styleUrl }: { org: string; styleUrl: string | null }) {
  const positions = usePositions(org);
  const [exploring, setExploring] = useState(false);
  if (positions.isPending) return <Skeleton className="h-[60vh] min-h-80 w-full" />;
  if (positions.isError) return <ErrorState error={positions.error} onRetry={() => positions.refetch()} />;
  const data = positions.data;
  const placed = data.vehicles.filter((v) => v.latitude !== null && v.longitude !== null);
  return (
    <div className="space-y-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="positions-age">
        {placed.length} of {data.vehicles.length} vehicles have a known position
        {data.asOf ? (
          <>
            {' '}
            · read from the vehicles at <Time value={data.asOf} compact /> or later
          </>
        ) : null}
        . Grey: position older than {data.staleAfterHours} h; red: charge below {LOW_CHARGE_PERCENT}%.
      </p>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        {exploring ? (
          <FleetMapCanvas org={org} positions={data} styleUrl={styleUrl} />
        ) : (
          <FleetMapPicture org={org} positions={data} onExplore={() => setExploring(true)} onPrepare={() => void loadCanvas()} />
        )}
        <Card className="p-0">
          <TableScroll label="Vehicle positions" frame="fill" scroll="both" className="max-h-[60vh]">
            <PlainTable
              caption="Vehicles and their last known positions"
              columns={['Vehicle', 'Position', { label: 'Charge', align: 'right' }]}
              headClassName="sticky top-0 bg-white text-xs text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400"
              bodyClassName=""
            >
              {data.vehicles.map((v) => (
                <tr key={v.id} className="border-t border-zinc-100 dark:border-zinc-800">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    <Link href={`/o/${org}/vehicles/${encodeURIComponent(v.id)}`} className="hover:underline">
                      {v.label}
                    </Link>
                  </th>
                  <td className="tabular px-3 py-1.5 text-xs">
                    {v.latitude !== null && v.longitude !== null ? (
                      <>
                        {v.latitude.toFixed(3)}, {v.longitude.toFixed(3)}
                        <br />
                        <span className={v.stale ? 'text-zinc-600 dark:text-zinc-400' : undefined}>
                          {v.stale ? 'stale, ' : ''}
                          <Time value={v.locationAt} compact />
                        </span>
                      </>
                    ) : (
                      'Unknown'
                    )}
                  </td>
                  <td className="tabular px-3 py-1.5 text-right">{v.stateOfCharge === null ? '—' : `${Math.round(v.stateOfCharge)}%`}</td>
                </tr>
              ))}
            </PlainTable>
          </TableScroll>
        </Card>
      </div>
    </div>
  );
}
