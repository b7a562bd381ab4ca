import 'server-only';
import { AppError, invalidField } from '@/lib/errors/app-error';
import { getDb, type Db } from '@/lib/db';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import { clearSignInPair } from '@/lib/db/repos/sign-in-attempts';
import { reserveSignInAttempt, SIGN_IN_THROTTLE, throttleBucket } from '@/lib/auth/server/sign-in-throttle';
import { env } from '@/lib/env';
import { DIRECT_BUCKET } from '@/lib/auth/server/client-address';
import { verifyReservedAttempt } from '@/lib/auth/server/verify-attempt';
import { setUserPassword } from '@/lib/db/repos/users';
import { PASSWORD_IS_EMAIL_MESSAGE, passwordIsEmail } from '@/lib/auth/schemas';

/**
 * Changes the signed-in user's password after checking the current one, and ends every session
 * of theirs (this one too: they sign in again with the new password). A guess at the current
 * password counts as a sign-in attempt of the same account and address, so a copied session
 * cannot try passwords faster than the sign-in form allows.
 */
export async function changePassword(
  input: { user: { id: string; email: string }; currentPassword: string; newPassword: string; ip: string | null },
  db: Db = getDb(),
  throttle = SIGN_IN_THROTTLE,
): Promise<{ changed: true }> {
  const { user } = input;
  if (passwordIsEmail(input.newPassword, user.email)) {
    throw invalidField('newPassword', PASSWORD_IS_EMAIL_MESSAGE);
  }
  const key = { email: user.email, ip: throttleBucket(input.ip ?? DIRECT_BUCKET, env().SIGN_IN_IPV6_PREFIX) };
  const verdict = await reserveSignInAttempt(db, key, throttle);
  if (!verdict.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many wrong passwords. Wait before trying again.', {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  const verified = await verifyReservedAttempt(
    db,
    { attemptId: verdict.attemptId, email: user.email, password: input.currentPassword, bucket: key.ip },
    () => new AppError('RATE_LIMITED', 'The server is busy checking passwords. Try again in a moment.', { retryAfterSeconds: 1 }),
  );
  if (!verified || verified.id !== user.id) {
    await appendAuditEvent(db, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'account.password_change_failed',
      outcome: 'failure',
      details: { reason: 'wrong_current_password' },
      ip: input.ip,
    });
    throw invalidField('currentPassword', 'The current password is wrong');
  }
  await clearSignInPair(db, key);
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
