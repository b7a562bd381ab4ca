import { withSession } from '@/lib/bff/with-session';
import { removeSignInMethodSchema } from '@/lib/profile/schemas';
import { removeSignInMethod } from '@/lib/profile/server/manage-sign-in-methods';

export const POST = withSession(async ({ body, user, ip }) => removeSignInMethod({ user, method: body, ip }), {
  body: removeSignInMethodSchema,
  session: 'required',
});
