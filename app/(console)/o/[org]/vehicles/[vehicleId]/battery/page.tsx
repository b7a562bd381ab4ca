import type { Metadata } from 'next';
import { BatteryView } from '@/components/vehicle-data/battery-view';
import { vehiclePageParams } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Battery · Vehicle' };

export default async function VehicleBatteryPage({ params }: PageProps<'/o/[org]/vehicles/[vehicleId]/battery'>) {
  const { org, vehicleId } = await vehiclePageParams(params);
  return <BatteryView org={org} vehicleId={vehicleId} />;
}
