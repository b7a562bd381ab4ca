import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { UnsubscribeRule } from '@/components/notifications/unsubscribe-rule';
import { PageHeader } from '@/components/ui/page-header';
import { requireOrgPage } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Stop notification e-mail' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function UnsubscribePage({ params }: PageProps<'/o/[org]/notifications/unsubscribe/[ruleId]'>) {
  const { org, ruleId } = await params;
  await requireOrgPage(org, 'org.read');
  if (!UUID.test(ruleId)) notFound();
  return (
    <>
      <PageHeader title="Stop notification e-mail" />
      <UnsubscribeRule org={org} ruleId={ruleId} />
    </>
  );
}
