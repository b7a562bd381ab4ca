import type { Metadata } from 'next';
import { DetailsView } from '@/components/vehicle-data/details-view';
import { vehiclePageParams } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Options and specifications · Vehicle' };

export default async function VehicleDetailsPage({ params }: PageProps<'/o/[org]/vehicles/[vehicleId]/details'>) {
  const { org, vehicleId } = await vehiclePageParams(params);
  return <DetailsView org={org} vehicleId={vehicleId} />;
}
