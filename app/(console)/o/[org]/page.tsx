import type { Metadata } from 'next';
import { OverviewDashboard } from '@/components/overview/overview-dashboard';
import { Shortcuts } from '@/components/overview/shortcuts';
import { PageHeader } from '@/components/ui/page-header';
import { requireOrgPage } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Overview' };

export default async function OverviewPage({ params }: PageProps<'/o/[org]'>) {
  const { org } = await params;
  const access = await requireOrgPage(org);
  return (
    <>
      <PageHeader title={access.org.name} description="Your fleet at a glance." />
      <OverviewDashboard org={org} />
      <Shortcuts org={org} />
    </>
  );
}
