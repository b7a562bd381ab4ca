import type { Metadata } from 'next';
import { Suspense } from 'react';
import { OnboardingBoard } from '@/components/onboarding/onboarding-board';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRows } from '@/components/ui/skeleton';
import { requireOrgPage } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Onboarding' };

export default async function OnboardingPage({ params }: PageProps<'/o/[org]/onboarding'>) {
  const { org } = await params;
  await requireOrgPage(org, 'connect.read');
  return (
    <>
      <PageHeader
        title="Onboarding"
        description="Every consent link from its creation to the first data of its vehicles: where it stands, since when, and the next step."
      />
      <Suspense fallback={<LoadingRows label="Loading onboarding" />}>
        <OnboardingBoard org={org} />
      </Suspense>
    </>
  );
}
