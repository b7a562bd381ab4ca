import { withSession } from '@/lib/bff/with-session';
import { passkeyOptionsSchema } from '@/lib/profile/schemas';
import { startPasskeyEnrolment } from '@/lib/profile/server/manage-passkeys';

export const POST = withSession(async ({ body, user, ip }) => startPasskeyEnrolment({ user, password: body.password, ip }), {
  body: passkeyOptionsSchema,
  session: 'required',
});
