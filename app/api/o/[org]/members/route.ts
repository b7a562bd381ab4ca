import { randomBytes } from 'node:crypto';
import { withOrg } from '@/lib/bff/with-org';
import { getDb } from '@/lib/db';
import { addMemberByEmail, listMembers } from '@/lib/db/repos/memberships';
import { setUserPassword } from '@/lib/db/repos/users';
import { addMemberSchema } from '@/lib/validations/settings';

export const GET = withOrg(async ({ org }) => ({ members: await listMembers(getDb(), org.id) }), { permission: 'members.read' });

/**
 * Adds a person by email. Someone new to Motorpool gets a one-time password, shown to the admin
 * once and never stored in clear, so they can sign in without single sign-on.
 */
export const POST = withOrg(
  async ({ org, body }) => {
    const db = getDb();
    const { member, invited } = await addMemberByEmail(db, org.id, body.email, body.role);
    let temporaryPassword: string | undefined;
    if (invited) {
      temporaryPassword = randomBytes(12).toString('base64url');
      await setUserPassword(db, member.userId, temporaryPassword);
    }
    return { member: { ...member, hasPassword: member.hasPassword || invited }, invited, temporaryPassword };
  },
  {
    permission: 'members.write',
    body: addMemberSchema,
    audit: {
      action: 'members.added',
      target: ({ body }) => ({ type: 'user', id: (body as { email: string }).email }),
      details: ({ body }) => ({ role: (body as { role: string }).role }),
    },
  },
);
