import type { Metadata } from 'next';
import { LazyJourneysView } from '@/components/vehicle-data/lazy-url-state';
import { vehiclePageParams } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Journeys · Vehicle' };

export default async function VehicleJourneysPage({ params }: PageProps<'/o/[org]/vehicles/[vehicleId]/journeys'>) {
  const { org, vehicleId } = await vehiclePageParams(params);
  return <LazyJourneysView org={org} vehicleId={vehicleId} />;
}
