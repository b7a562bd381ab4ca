import type { Metadata } from 'next';
import { AccountDetail } from '@/components/accounts/account-detail';
import { requireOrgPage } from '@/lib/bff/page-access';
import { accountForPage } from '@/lib/vehicles/server/page-records';

export const metadata: Metadata = { title: 'Account' };

export default async function AccountPage({ params }: PageProps<'/o/[org]/accounts/[accountId]'>) {
  const { org, accountId } = await params;
  const access = await requireOrgPage(org, 'accounts.read');
  const id = decodeURIComponent(accountId);
  const account = await accountForPage(access, id);
  return <AccountDetail org={org} accountId={id} initial={account ? { account } : undefined} />;
}
