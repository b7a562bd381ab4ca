import { withOrg } from '@/lib/bff/with-org';
import { getDb } from '@/lib/db';
import { listMembers } from '@/lib/db/repos/memberships';
import { inviteMember, type InviteResult } from '@/lib/members/server/invite-member';
import { addMemberSchema } from '@/lib/validations/settings';

export const GET = withOrg(async ({ org }) => ({ members: await listMembers(getDb(), org.id) }), { permission: 'members.read' });

/**
 * Invites a person by email: always an invitation link they accept themselves (shown once here,
 * mailed when SMTP is configured), the same answer whether or not the email has an account.
 */
export const POST = withOrg(
  async ({ org, user, body }) => inviteMember(getDb(), { organization: org, email: body.email, role: body.role, invitedBy: user.id }),
  {
    permission: 'members.write',
    body: addMemberSchema,
    audit: {
      action: 'members.invited',
      target: ({ body }) => ({ type: 'user', id: (body as { email: string }).email }),
      resultTarget: (result) => ({ type: 'invitation', id: (result as InviteResult).invitation.id }),
      details: ({ body, result }) => ({
        email: (body as { email: string }).email,
        role: (body as { role: string }).role,
        expiresAt: (result as InviteResult).invitation.expiresAt.toISOString(),
        mailed: (result as InviteResult).mailed,
      }),
    },
  },
);
