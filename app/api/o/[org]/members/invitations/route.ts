import { withOrg } from '@/lib/bff/with-org';
import { listInvitations } from '@/lib/members/server/list-invitations';

export const GET = withOrg(listInvitations, {
  permission: 'members.read',
});
