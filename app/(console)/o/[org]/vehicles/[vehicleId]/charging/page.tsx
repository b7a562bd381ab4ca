import type { Metadata } from 'next';
import { ChargingView } from '@/components/vehicle-data/charging-view';
import { vehiclePageParams } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Charging · Vehicle' };

export default async function VehicleChargingPage({ params }: PageProps<'/o/[org]/vehicles/[vehicleId]/charging'>) {
  const { org, vehicleId } = await vehiclePageParams(params);
  return <ChargingView org={org} vehicleId={vehicleId} />;
}
