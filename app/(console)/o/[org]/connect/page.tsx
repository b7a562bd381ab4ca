import type { Metadata } from 'next';
import { orgSectionPage } from '../section-page';
import { ConnectWorkspace } from '@/components/connect/connect-workspace';

export const metadata: Metadata = { title: 'Connect' };

export default orgSectionPage(ConnectWorkspace, {
  permission: 'connect.read',
  title: 'Connect',
  description: 'Ask a vehicle owner for access to their manufacturer account, or to one vehicle, with a consent link.',
  loading: { label: 'Loading consent links' },
});
