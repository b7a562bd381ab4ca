import { withSession } from '@/lib/bff/with-session';
import { confirmTotpSchema } from '@/lib/profile/schemas';
import { confirmTotpEnrolment } from '@/lib/profile/server/manage-second-factor';

export const POST = withSession(async ({ body, user, ip }) => confirmTotpEnrolment({ user, code: body.code, ip }), {
  body: confirmTotpSchema,
  session: 'required',
});
