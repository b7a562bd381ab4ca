import { withOrg } from '@/lib/bff/with-org';
import { readUnreadCount } from '@/lib/notifications/server/read-inbox';

export const GET = withOrg((access) => readUnreadCount(access), { permission: 'org.read' });
