import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CommandHistory } from '@/components/commands/command-history';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRows } from '@/components/ui/skeleton';
import { requireOrgPage } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Commands' };

export default async function CommandsPage({ params }: PageProps<'/o/[org]/commands'>) {
  const { org } = await params;
  await requireOrgPage(org, 'commands.read');
  return (
    <>
      <PageHeader
        title="Commands"
        description="Every remote command sent through Motorpool, who sent it, and how it ended; and those sent elsewhere, once the service has listed them for a vehicle."
      />
      <Suspense fallback={<LoadingRows />}>
        <CommandHistory org={org} />
      </Suspense>
    </>
  );
}
