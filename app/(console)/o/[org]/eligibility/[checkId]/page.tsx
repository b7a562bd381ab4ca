import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { CheckDetail } from '@/components/eligibility/check-detail';
import { LoadingRows } from '@/components/ui/skeleton';
import { requireOrgPage } from '@/lib/bff/page-access';
import { findEligibilityCheck } from '@/lib/eligibility/server/manage-eligibility-checks';
import { eligibilityCheckParamsSchema } from '@/lib/eligibility/schemas';

export const metadata: Metadata = { title: 'Eligibility check' };

export default async function EligibilityCheckPage({ params }: PageProps<'/o/[org]/eligibility/[checkId]'>) {
  const parsed = eligibilityCheckParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const { org, checkId } = parsed.data;
  const access = await requireOrgPage(org, 'eligibility.read');
  const check = await findEligibilityCheck(access.org, checkId);
  if (!check) notFound();
  return (
    <Suspense fallback={<LoadingRows label="Loading the check" />}>
      <CheckDetail org={org} initial={check} />
    </Suspense>
  );
}
