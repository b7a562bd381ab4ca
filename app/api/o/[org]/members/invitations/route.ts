import { withOrg } from '@/lib/bff/with-org';
import { getDb } from '@/lib/db';
import { listPendingInvitations } from '@/lib/db/repos/invitations';

export const GET = withOrg(async ({ org }) => ({ invitations: await listPendingInvitations(getDb(), org.id) }), {
  permission: 'members.read',
});
