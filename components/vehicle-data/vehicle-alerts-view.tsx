'use client';

import { useVehicleData } from '@/lib/vehicle-data/query';
import { Time } from '@/components/ui/time';
import type { VehicleAlertsResponse } from '@/lib/alerts/platform-alerts';
import { DataCard } from './data-card';
import { LazyAlertsInbox } from './lazy-url-state';

/** The vehicle's platform alerts: raised by the service (unlike manufacturer alerts, raised by the vehicle). */
export function VehicleAlertsView({ org, vehicleId }: { org: string; vehicleId: string }) {
  const query = useVehicleData<VehicleAlertsResponse>(org, vehicleId, 'alerts');
  return (
    <DataCard
      id="platform-alerts"
      title="Platform alerts"
      description="Raised by the Vehicle API about this vehicle, with the steps that resolve them. Manufacturer alerts are under Maintenance."
      query={query}
    >
      {(data) => (
        <div className="space-y-3">
          <LazyAlertsInbox org={org} alerts={data.alerts} label="Platform alerts of this vehicle" />
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Read from the Vehicle API <Time value={data.read.fetchedAt} />; read again at most every 15 minutes.
          </p>
        </div>
      )}
    </DataCard>
  );
}
