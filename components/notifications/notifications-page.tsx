'use client';

import { useCan } from '@/components/layout/session-role';
import { NotificationInbox } from './notification-inbox';
import { NotificationRules } from './notification-rules';

/** The member's inbox, then the organization's rules (for those who may read them). */
export function NotificationsPage({ org }: { org: string }) {
  const canReadRules = useCan('notifications.read');
  return (
    <div className="space-y-8">
      <NotificationInbox org={org} />
      {canReadRules ? <NotificationRules org={org} /> : null}
    </div>
  );
}
