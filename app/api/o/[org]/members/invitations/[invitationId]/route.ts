import { withOrg } from '@/lib/bff/with-org';
import { revokeOrgInvitation } from '@/lib/members/server/manage-members';
import { invitationParamsSchema } from '@/lib/validations/route-params';

export const DELETE = withOrg(({ org, params }) => revokeOrgInvitation(org, params.invitationId), {
  permission: 'members.write',
  params: invitationParamsSchema,
  audit: {
    action: 'members.invitation_revoked',
    target: ({ params }) => ({ type: 'invitation', id: params.invitationId }),
    details: ({ result }) => ({ email: result.email }),
  },
});
