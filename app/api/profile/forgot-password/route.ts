import { after } from 'next/server';
import { withSession } from '@/lib/bff/with-session';
import { requestPasswordReset } from '@/lib/profile/server/request-password-reset';
import { forgotPasswordSchema } from '@/lib/auth/schemas';

/** Public: "Forgot password?". The same answer whether or not the address has an account; the mail goes out after it. */
export const POST = withSession(async ({ body, ip }) => requestPasswordReset({ email: body.email, ip }, { defer: after }), {
  body: forgotPasswordSchema,
  session: 'optional',
});
