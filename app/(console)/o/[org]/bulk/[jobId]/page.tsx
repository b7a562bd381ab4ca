import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageHeader } from '@/components/ui/page-header';
import { BulkJobDetail } from '@/components/bulk/bulk-job-view';
import { requireOrgPage } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Bulk job' };

export default async function BulkJobPage({ params }: PageProps<'/o/[org]/bulk/[jobId]'>) {
  const { org, jobId } = await params;
  await requireOrgPage(org, 'vehicles.read');
  if (!/^[0-9a-f-]{36}$/.test(jobId)) notFound();
  return (
    <>
      <PageHeader
        title="Bulk job"
        description="One action over many vehicles, worked through in the background. This page follows it by itself."
      />
      <BulkJobDetail org={org} jobId={jobId} />
    </>
  );
}
