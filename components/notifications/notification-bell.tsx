'use client';

import { clientLazy } from '@/components/ui/client-lazy';
import { BellLink } from './bell-link';

/**
 * The header's bell, leading to the inbox. Its count (kept fresh by the live stream, else polling)
 * loads after the first paint: the query it needs would otherwise weigh on every page's first load.
 */
export const NotificationBell = clientLazy(
  () => import('./unread-bell').then((m) => m.UnreadBell),
  ({ org }: { org: string }) => <BellLink org={org} unread={0} />,
);
