import type { Metadata } from 'next';
import { RateLimitsView } from '@/components/vehicle-data/rate-limits-view';
import { vehiclePageParams } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Rate limits · Vehicle' };

export default async function VehicleRateLimitsPage({ params }: PageProps<'/o/[org]/vehicles/[vehicleId]/rate-limits'>) {
  const { org, vehicleId } = await vehiclePageParams(params);
  return <RateLimitsView org={org} vehicleId={vehicleId} />;
}
