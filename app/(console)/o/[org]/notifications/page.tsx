import type { Metadata } from 'next';
import { NotificationsPage } from '@/components/notifications/notifications-page';
import { orgSectionPage } from '../section-page';

export const metadata: Metadata = { title: 'Notifications' };

export default orgSectionPage(NotificationsPage, {
  permission: 'org.read',
  title: 'Notifications',
  description: 'What the rules told you: failed commands, silent vehicles, alerts. Each entry leads to its vehicle or job.',
  loading: { label: 'Loading notifications', rows: 4 },
});
