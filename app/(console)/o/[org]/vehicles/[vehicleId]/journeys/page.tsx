import type { Metadata } from 'next';
import { JourneysView } from '@/components/vehicle-data/journeys-view';
import { vehiclePageParams } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Journeys · Vehicle' };

export default async function VehicleJourneysPage({ params }: PageProps<'/o/[org]/vehicles/[vehicleId]/journeys'>) {
  const { org, vehicleId } = await vehiclePageParams(params);
  return <JourneysView org={org} vehicleId={vehicleId} />;
}
