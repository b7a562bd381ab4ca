import type { Metadata } from 'next';
import { TelemetryView } from '@/components/vehicle-data/telemetry-view';
import { vehiclePageParams } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Telemetry · Vehicle' };

export default async function VehicleTelemetryPage({ params }: PageProps<'/o/[org]/vehicles/[vehicleId]/telemetry'>) {
  const { org, vehicleId } = await vehiclePageParams(params);
  return <TelemetryView org={org} vehicleId={vehicleId} />;
}
