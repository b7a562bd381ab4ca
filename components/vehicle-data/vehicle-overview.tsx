'use client';

import Link from 'next/link';
import { VehicleCommands } from '@/components/vehicles/vehicle-commands';
import { useNow } from '@/lib/hooks/use-now';
import { DataCard } from './data-card';
import { STALE_LEGEND, TelemetryCards } from './telemetry-cards';
import { useTelemetry } from './telemetry-view';
import { vehicleTabHref } from './vehicle-tabs';

/** The first tab: the key telemetry at a glance and the remote commands, whose effects show up right above. */
export function VehicleOverview({ org, vehicleId }: { org: string; vehicleId: string }) {
  const telemetry = useTelemetry(org, vehicleId);
  const now = useNow(30_000);
  return (
    <div className="space-y-6">
      <DataCard
        id="glance"
        title="At a glance"
        description={STALE_LEGEND}
        query={telemetry}
        skeleton="h-56"
        actions={
          <Link
            href={vehicleTabHref(org, vehicleId, 'telemetry')}
            className="text-sm font-medium text-accent-700 hover:underline dark:text-accent-100"
          >
            All telemetry
          </Link>
        }
      >
        {(data) => <TelemetryCards telemetry={data.telemetry} now={now} />}
      </DataCard>
      <VehicleCommands org={org} vehicleId={vehicleId} />
    </div>
  );
}
