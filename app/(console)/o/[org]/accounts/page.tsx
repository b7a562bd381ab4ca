import type { Metadata } from 'next';
import { orgSectionPage } from '../section-page';
import { AccountsBrowser } from '@/components/accounts/accounts-browser';

export const metadata: Metadata = { title: 'Accounts' };

export default orgSectionPage(AccountsBrowser, {
  permission: 'accounts.read',
  title: 'Accounts',
  description: 'The OEM accounts whose owners connected vehicles. Open one to see its vehicles, tag them all or disconnect it.',
  loading: { label: 'Loading accounts' },
});
