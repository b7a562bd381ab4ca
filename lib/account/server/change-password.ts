import 'server-only';
import { AppError } from '@/lib/errors/app-error';
import type { Db } from '@/lib/db';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import { setUserPassword, verifyCredentials } from '@/lib/db/repos/users';
import { PASSWORD_IS_EMAIL_MESSAGE, passwordIsEmail } from '@/lib/validations/auth';

/**
 * Changes the signed-in user's password after checking the current one, and ends every session
 * of theirs (this one too: they sign in again with the new password).
 */
export async function changePassword(
  db: Db,
  input: { user: { id: string; email: string }; currentPassword: string; newPassword: string; ip: string | null },
): Promise<{ changed: true }> {
  const { user } = input;
  if (passwordIsEmail(input.newPassword, user.email)) {
    throw new AppError('VALIDATION_FAILED', `Invalid body: newPassword: ${PASSWORD_IS_EMAIL_MESSAGE}`, {
      fields: { newPassword: [PASSWORD_IS_EMAIL_MESSAGE] },
    });
  }
  const verified = await verifyCredentials(db, user.email, input.currentPassword);
  if (!verified || verified.id !== user.id) {
    await appendAuditEvent(db, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'account.password_change_failed',
      outcome: 'failure',
      details: { reason: 'wrong_current_password' },
      ip: input.ip,
    });
    throw new AppError('VALIDATION_FAILED', 'Invalid body: currentPassword: The current password is wrong', {
      fields: { currentPassword: ['The current password is wrong'] },
    });
  }
  await setUserPassword(db, user.id, input.newPassword, { endSessions: true });
  await appendAuditEvent(db, {
    actorUserId: user.id,
    actorEmail: user.email,
    action: 'account.password_changed',
    outcome: 'success',
    ip: input.ip,
  });
  return { changed: true };
}
