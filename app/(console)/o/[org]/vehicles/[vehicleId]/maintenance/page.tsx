import type { Metadata } from 'next';
import { MaintenanceView } from '@/components/vehicle-data/maintenance-view';
import { vehiclePageParams } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Maintenance · Vehicle' };

export default async function VehicleMaintenancePage({ params }: PageProps<'/o/[org]/vehicles/[vehicleId]/maintenance'>) {
  const { org, vehicleId } = await vehiclePageParams(params);
  return <MaintenanceView org={org} vehicleId={vehicleId} />;
}
