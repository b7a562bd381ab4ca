import { withOrg } from '@/lib/bff/with-org';
import { markReadSchema } from '@/lib/notifications/schemas';
import { markNotificationsRead } from '@/lib/notifications/server/read-inbox';

export const POST = withOrg((access) => markNotificationsRead(access, access.body), { permission: 'org.read', body: markReadSchema });
