import { withSession } from '@/lib/bff/with-session';
import { acceptInvitation } from '@/lib/members/server/accept-invitation';
import { acceptInvitationSchema } from '@/lib/auth/schemas';

/** Public: accepts an invitation, signed in (joins) or signed out with a new account's password. */
export const POST = withSession(async ({ body, user, ip }) => acceptInvitation({ token: body.token, password: body.password, user, ip }), {
  body: acceptInvitationSchema,
  session: 'optional',
});
