import { withSession } from '@/lib/bff/with-session';
import { removeTotpSchema } from '@/lib/profile/schemas';
import { removeTotp } from '@/lib/profile/server/manage-second-factor';

export const POST = withSession(async ({ body, user, ip }) => removeTotp({ user, code: body.code, password: body.password, ip }), {
  body: removeTotpSchema,
  session: 'required',
});
