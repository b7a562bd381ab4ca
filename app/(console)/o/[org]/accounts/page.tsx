import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AccountsBrowser } from '@/components/accounts/accounts-browser';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingRows } from '@/components/ui/skeleton';
import { requireOrgPage } from '@/lib/bff/page-access';

export const metadata: Metadata = { title: 'Accounts' };

export default async function AccountsPage({ params }: PageProps<'/o/[org]/accounts'>) {
  const { org } = await params;
  await requireOrgPage(org, 'accounts.read');
  return (
    <>
      <PageHeader
        title="Accounts"
        description="The OEM accounts whose owners connected vehicles. Open one to see its vehicles, tag them all or disconnect it."
      />
      <Suspense fallback={<LoadingRows label="Loading accounts" />}>
        <AccountsBrowser org={org} />
      </Suspense>
    </>
  );
}
