import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { CheckDetail } from '@/components/eligibility/check-detail';
import { LoadingRows } from '@/components/ui/skeleton';
import { requireOrgPage } from '@/lib/bff/org-page';
import { memberEmails } from '@/lib/commands/history';
import { getDb } from '@/lib/db';
import { getEligibilityCheck } from '@/lib/db/repos/eligibility-checks';
import { toCheckView } from '@/lib/eligibility/checks';
import { eligibilityCheckParamsSchema } from '@/lib/validations/eligibility';

export const metadata: Metadata = { title: 'Eligibility check' };

export default async function EligibilityCheckPage({ params }: PageProps<'/o/[org]/eligibility/[checkId]'>) {
  const parsed = eligibilityCheckParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const { org, checkId } = parsed.data;
  const access = await requireOrgPage(org, 'eligibility.read');
  const db = getDb();
  const check = await getEligibilityCheck(db, access.org.id, checkId);
  if (!check) notFound();
  return (
    <Suspense fallback={<LoadingRows label="Loading the check" />}>
      <CheckDetail org={org} initial={toCheckView(check, await memberEmails(db, access.org.id, [check.createdBy]))} />
    </Suspense>
  );
}
