'use client';

import { useUnreadCount } from '@/lib/notifications/unread-query';
import { BellLink } from './bell-link';

/** The bell with the member's unread count. */
export function UnreadBell({ org }: { org: string }) {
  const { data } = useUnreadCount(org);
  return <BellLink org={org} unread={data?.unread ?? 0} />;
}
