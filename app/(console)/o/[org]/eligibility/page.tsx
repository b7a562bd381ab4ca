import type { Metadata } from 'next';
import { Suspense } from 'react';
import { EligibilityWorkspace } from '@/components/eligibility/eligibility-workspace';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRows } from '@/components/ui/skeleton';
import { requireOrgPage } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Eligibility' };

export default async function EligibilityPage({ params }: PageProps<'/o/[org]/eligibility'>) {
  const { org } = await params;
  await requireOrgPage(org, 'eligibility.read');
  return (
    <>
      <PageHeader
        title="Eligibility"
        description="Check which vehicles can be connected before asking their owners, and follow bulk connection requests."
      />
      <Suspense fallback={<LoadingRows label="Loading checks" />}>
        <EligibilityWorkspace org={org} />
      </Suspense>
    </>
  );
}
