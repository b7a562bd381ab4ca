import type { Metadata } from 'next';
import { FleetMapView } from '@/components/map/fleet-map-view';
import { PageHeader } from '@/components/ui/page-header';
import { requireOrgPage } from '@/lib/bff/page-access';
import { env } from '@/lib/env';

export const metadata: Metadata = { title: 'Map' };

export default async function MapPage({ params }: PageProps<'/o/[org]/map'>) {
  const { org } = await params;
  await requireOrgPage(org, 'vehicles.read');
  return (
    <>
      <PageHeader
        title="Map"
        description="Where each vehicle last reported its position. Explore the map to zoom in: a cluster opens closer, a vehicle opens its page."
      />
      <FleetMapView org={org} styleUrl={env().MAP_STYLE_URL ?? null} />
    </>
  );
}
