import type { Metadata } from 'next';
import { VehicleCommands } from '@/components/vehicles/vehicle-commands';
import { VehicleDataViewsSlot } from '@/components/vehicles/vehicle-data-views-slot';
import { VehicleHeader } from '@/components/vehicles/vehicle-header';
import { requireOrgPage } from '@/lib/bff/org-page';
import type { VehicleRecord } from '@/lib/fleet/types';
import { vehicleForPage } from '@/lib/server/fleet-records';

export const metadata: Metadata = { title: 'Vehicle' };

export default async function VehiclePage({ params }: PageProps<'/o/[org]/vehicles/[vehicleId]'>) {
  const { org, vehicleId } = await params;
  const access = await requireOrgPage(org, 'vehicles.read');
  const id = decodeURIComponent(vehicleId);
  const vehicle = await vehicleForPage(access, id);
  return (
    <div className="space-y-6">
      <VehicleHeader org={org} vehicleId={id} initial={vehicle ? { vehicle: vehicle as VehicleRecord } : undefined} />
      <VehicleDataViewsSlot />
      <VehicleCommands org={org} vehicleId={id} />
    </div>
  );
}
