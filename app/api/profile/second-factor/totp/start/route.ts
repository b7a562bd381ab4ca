import { withSession } from '@/lib/bff/with-session';
import { startTotpSchema } from '@/lib/profile/schemas';
import { startTotpEnrolment } from '@/lib/profile/server/manage-second-factor';

export const POST = withSession(async ({ body, user, ip }) => startTotpEnrolment({ user, password: body.password, ip }), {
  body: startTotpSchema,
  session: 'required',
});
