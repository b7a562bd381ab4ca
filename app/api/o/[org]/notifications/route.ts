import { withOrg } from '@/lib/bff/with-org';
import { inboxQuerySchema } from '@/lib/notifications/schemas';
import { readInbox } from '@/lib/notifications/server/read-inbox';

export const GET = withOrg((access) => readInbox(access, access.query), { permission: 'org.read', query: inboxQuerySchema });
