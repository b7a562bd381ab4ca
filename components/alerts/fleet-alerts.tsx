'use client';

import { LazyAlertsInbox } from '@/components/vehicle-data/lazy-url-state';
import { Card, CardBody } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { LoadingRows } from '@/components/ui/skeleton';
import { Time } from '@/components/ui/time';
import { useFleetAlerts } from '@/lib/overview/query';

/** Every vehicle's platform alerts in one inbox, read vehicle by vehicle in bounded batches. */
export function FleetAlerts({ org }: { org: string }) {
  const query = useFleetAlerts(org);
  if (query.isPending) return <LoadingRows />;
  if (query.isError)
    return <ErrorState error={query.error} title="The fleet's alerts could not be loaded" onRetry={() => query.refetch()} />;
  const data = query.data;
  const read = data.vehicles - data.pending - data.failed.length;
  return (
    <Card aria-label="Fleet alerts">
      <CardBody className="space-y-3">
        {data.pending > 0 ? (
          <div role="status" className="space-y-1 text-sm">
            <p>
              Reading alerts: {read} of {data.vehicles} vehicles so far.
            </p>
            <progress className="h-2 w-full" max={data.vehicles} value={read} aria-label="Vehicles read" />
          </div>
        ) : null}
        {data.failed.length > 0 ? (
          <div className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
            <p className="font-medium">The alerts of {data.failed.length} vehicles could not be read; they are tried again in a minute.</p>
            <ul className="mt-1 list-disc pl-5">
              {data.failed.slice(0, 5).map((f) => (
                <li key={f.vehicleId}>
                  {f.label}: {f.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <LazyAlertsInbox org={org} alerts={data.alerts} label="Platform alerts of the fleet" paged />
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {data.vehicles} vehicles. Each vehicle&apos;s alerts are read from the Vehicle API at most every 15 minutes
          {data.oldestReadAt ? (
            <>
              ; the oldest read shown is from <Time value={data.oldestReadAt} />
            </>
          ) : null}
          .
        </p>
      </CardBody>
    </Card>
  );
}
