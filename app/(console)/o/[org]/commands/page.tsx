import type { Metadata } from 'next';
import { orgSectionPage } from '../section-page';
import { CommandHistory } from '@/components/commands/command-history';

export const metadata: Metadata = { title: 'Commands' };

export default orgSectionPage(CommandHistory, {
  permission: 'commands.read',
  title: 'Commands',
  description:
    'Every remote command sent through Motorpool, who sent it, and how it ended; and those sent elsewhere, once the service has listed them for a vehicle.',
});
