import 'server-only';
import { hashPassword } from '@/lib/crypto/password';
import { AppError, invalidField } from '@/lib/errors/app-error';
import { getDb, type Db } from '@/lib/db';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import { consumePasswordReset, createPasswordReset, findOpenPasswordReset } from '@/lib/db/repos/password-resets';
import { findUserByEmail } from '@/lib/db/repos/users';
import { appUrl } from '@/lib/env';
import { mailConfigured } from '@/lib/ops/mail';
import { hashLinkToken, newLinkToken } from '@/lib/members/server/one-time-token';
import { PASSWORD_IS_EMAIL_MESSAGE, passwordIsEmail } from '@/lib/auth/schemas';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * A one-time reset link for the operator to hand over (`npm run user:reset-password -- email`).
 * No organization admin can reset anybody's password; a person can ask for a link to their own
 * mailbox ("Forgot password?", request-password-reset.ts).
 */
export async function createResetLink(db: Db, email: string, now = new Date()): Promise<{ url: string; expiresAt: Date }> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new AppError('NOT_FOUND', `No user with the email ${email}.`);
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
  await createPasswordReset(db, { userId: user.id, tokenHash, expiresAt });
  await appendAuditEvent(db, {
    actorEmail: 'operator',
    action: 'account.password_reset_link_created',
    targetType: 'user',
    targetId: user.id,
    outcome: 'success',
  });
  return { url: new URL(`/reset-password/${token}`, appUrl()).toString(), expiresAt };
}

export async function emailOfResetLink(token: string, db: Db = getDb()): Promise<string | undefined> {
  return (await findOpenPasswordReset(db, hashLinkToken(token)))?.email;
}

/** Uses a reset link (the operator's or a mailed one): the new password, and every session of the user ends. */
export async function resetPassword(
  input: { token: string; password: string; ip: string | null },
  db: Db = getDb(),
): Promise<{ reset: true }> {
  const tokenHash = hashLinkToken(input.token);
  const open = await findOpenPasswordReset(db, tokenHash);
  if (!open) throw new AppError('RESET_INVALID', 'This reset link is invalid, used or expired. Ask for a new one.');
  if (passwordIsEmail(input.password, open.email)) {
    throw invalidField('password', PASSWORD_IS_EMAIL_MESSAGE);
  }
  const user = await consumePasswordReset(db, tokenHash, await hashPassword(input.password));
  await appendAuditEvent(db, {
    actorUserId: user.userId,
    actorEmail: user.email,
    action: 'account.password_reset',
    outcome: 'success',
    ip: input.ip,
  });
  return { reset: true };
}

/** Whether "Forgot password?" can mail a link (SMTP is configured); otherwise the operator's command is the way. */
export function resetByMailAvailable(): boolean {
  return mailConfigured();
}
