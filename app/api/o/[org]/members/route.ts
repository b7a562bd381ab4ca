import { withOrg } from '@/lib/bff/with-org';
import { inviteOrgMember, listOrgMembers } from '@/lib/members/server/manage-members';
import { addMemberSchema } from '@/lib/settings/schemas';

export const GET = withOrg(({ org }) => listOrgMembers(org), { permission: 'members.read' });

export const POST = withOrg((access) => inviteOrgMember(access, access.body), {
  permission: 'members.write',
  body: addMemberSchema,
  audit: {
    action: 'members.invited',
    target: ({ body }) => ({ type: 'user', id: body.email }),
    resultTarget: (result) => ({ type: 'invitation', id: result.invitation.id }),
    details: ({ body, result }) => ({
      email: body.email,
      role: body.role,
      expiresAt: result.invitation.expiresAt.toISOString(),
      mailed: result.mailed,
    }),
  },
});
