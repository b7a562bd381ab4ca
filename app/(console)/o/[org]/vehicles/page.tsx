import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRows } from '@/components/ui/skeleton';
import { VehiclesBrowser } from '@/components/vehicles/vehicles-browser';
import { requireOrgPage } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Vehicles' };

export default async function VehiclesPage({ params }: PageProps<'/o/[org]/vehicles'>) {
  const { org } = await params;
  await requireOrgPage(org, 'vehicles.read');
  return (
    <>
      <PageHeader
        title="Vehicles"
        description="Every connected vehicle, one page at a time. Filter by field or tag, open one by VIN or id, export what matches."
      />
      <Suspense fallback={<LoadingRows label="Loading vehicles" rows={8} />}>
        <VehiclesBrowser org={org} />
      </Suspense>
    </>
  );
}
