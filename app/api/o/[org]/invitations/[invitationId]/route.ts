import { z } from 'zod';
import { withOrg } from '@/lib/bff/with-org';
import { getDb } from '@/lib/db';
import { revokeInvitation } from '@/lib/db/repos/invitations';

const params = z.object({ org: z.string(), invitationId: z.uuid({ message: 'must be an invitation id' }) });

export const DELETE = withOrg(async ({ org, params: { invitationId } }) => revokeInvitation(getDb(), org.id, invitationId), {
  permission: 'members.write',
  params,
  audit: {
    action: 'members.invitation_revoked',
    target: ({ params }) => ({ type: 'invitation', id: (params as { invitationId: string }).invitationId }),
    details: ({ result }) => ({ email: (result as { email: string }).email }),
  },
});
