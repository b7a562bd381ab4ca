import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { UnsubscribeReport } from '@/components/reports/unsubscribe-report';
import { PageHeader } from '@/components/ui/page-header';
import { requireOrgPage } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Stop report e-mail' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function UnsubscribeReportPage({ params }: PageProps<'/o/[org]/reports/unsubscribe/[scheduleId]'>) {
  const { org, scheduleId } = await params;
  await requireOrgPage(org, 'reports.read');
  if (!UUID.test(scheduleId)) notFound();
  return (
    <>
      <PageHeader title="Stop report e-mail" />
      <UnsubscribeReport org={org} scheduleId={scheduleId} />
    </>
  );
}
