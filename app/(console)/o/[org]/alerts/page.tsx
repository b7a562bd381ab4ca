import type { Metadata } from 'next';
import { Suspense } from 'react';
import { FleetAlerts } from '@/components/fleet/fleet-alerts';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRows } from '@/components/ui/skeleton';
import { requireOrgPage } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Alerts' };

export default async function AlertsPage({ params }: PageProps<'/o/[org]/alerts'>) {
  const { org } = await params;
  await requireOrgPage(org, 'vehicles.read');
  return (
    <>
      <PageHeader
        title="Alerts"
        description="Platform alerts the Vehicle API raised about your vehicles, most urgent first, with the steps that resolve them."
      />
      <Suspense fallback={<LoadingRows />}>
        <FleetAlerts org={org} />
      </Suspense>
    </>
  );
}
