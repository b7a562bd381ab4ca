import type { Metadata } from 'next';
import { VehicleAlertsView } from '@/components/vehicle-data/vehicle-alerts-view';
import { vehiclePageParams } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Alerts · Vehicle' };

export default async function VehicleAlertsPage({ params }: PageProps<'/o/[org]/vehicles/[vehicleId]/alerts'>) {
  const { org, vehicleId } = await vehiclePageParams(params);
  return <VehicleAlertsView org={org} vehicleId={vehicleId} />;
}
