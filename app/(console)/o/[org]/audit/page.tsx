import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuditLog } from '@/components/audit/audit-log';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRows } from '@/components/ui/skeleton';
import { requireOrgPage } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Audit' };

export default async function AuditPage({ params }: PageProps<'/o/[org]/audit'>) {
  const { org } = await params;
  await requireOrgPage(org, 'audit.read');
  return (
    <>
      <PageHeader
        title="Audit trail"
        description="Every change made through Motorpool, sign-ins included: who, when, what, the outcome and the upstream request id. Entries are never edited or deleted."
      />
      <Suspense fallback={<LoadingRows />}>
        <AuditLog org={org} />
      </Suspense>
    </>
  );
}
