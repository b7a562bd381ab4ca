import type { ReactNode } from 'react';
import { VehicleTabs } from '@/components/vehicle-data/vehicle-tabs';
import { VehicleHeader } from '@/components/vehicles/vehicle-header';
import type { VehicleRecord } from '@/lib/vehicles/types';
import { vehicleForPage } from '@/lib/vehicles/server/page-records';
import { vehiclePageParams } from '@/lib/bff/page-access';

/** The vehicle's header and section tabs, kept while moving between its sections. An unknown vehicle is a 404. */
export default async function VehicleLayout({ children, params }: LayoutProps<'/o/[org]/vehicles/[vehicleId]'>) {
  const { org, vehicleId, access } = await vehiclePageParams(params);
  const vehicle = await vehicleForPage(access, vehicleId);
  return (
    <div className="space-y-6">
      <VehicleHeader org={org} vehicleId={vehicleId} initial={vehicle ? { vehicle: vehicle as VehicleRecord } : undefined} />
      <VehicleTabs org={org} vehicleId={vehicleId} />
      {children as ReactNode}
    </div>
  );
}
