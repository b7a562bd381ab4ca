import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ConnectWorkspace } from '@/components/connect/connect-workspace';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRows } from '@/components/ui/skeleton';
import { requireOrgPage } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Connect' };

export default async function ConnectPage({ params }: PageProps<'/o/[org]/connect'>) {
  const { org } = await params;
  await requireOrgPage(org, 'connect.read');
  return (
    <>
      <PageHeader
        title="Connect"
        description="Ask a vehicle owner for access to their manufacturer account, or to one vehicle, with a consent link."
      />
      <Suspense fallback={<LoadingRows label="Loading consent links" />}>
        <ConnectWorkspace org={org} />
      </Suspense>
    </>
  );
}
