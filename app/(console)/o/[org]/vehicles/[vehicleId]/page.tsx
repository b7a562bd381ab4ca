import type { Metadata } from 'next';
import { LazyVehicleEvents } from '@/components/webhooks/lazy-vehicle-events';
import { VehicleOverview } from '@/components/vehicle-data/vehicle-overview';
import { vehiclePageParams } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Vehicle' };

/** The vehicle at a glance and its remote commands. */
export default async function VehiclePage({ params }: PageProps<'/o/[org]/vehicles/[vehicleId]'>) {
  const { org, vehicleId } = await vehiclePageParams(params);
  return (
    <div className="space-y-6">
      <VehicleOverview org={org} vehicleId={vehicleId} />
      <LazyVehicleEvents org={org} vehicleId={vehicleId} />
    </div>
  );
}
