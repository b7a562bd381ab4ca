import { withSession } from '@/lib/bff/with-session';
import { resetPassword } from '@/lib/profile/server/reset-password';
import { resetPasswordSchema } from '@/lib/auth/schemas';

/** Public: uses a one-time reset link an operator created (`npm run user:reset-password`). */
export const POST = withSession(async ({ body, ip }) => resetPassword({ token: body.token, password: body.password, ip }), {
  body: resetPasswordSchema,
  session: 'optional',
});
