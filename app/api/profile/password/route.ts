import { withSession } from '@/lib/bff/with-session';
import { changePassword } from '@/lib/profile/server/change-password';
import { changePasswordSchema } from '@/lib/auth/schemas';

export const POST = withSession(
  async ({ body, user, ip }) => changePassword({ user, currentPassword: body.currentPassword, newPassword: body.newPassword, ip }),
  { body: changePasswordSchema, session: 'required' },
);
