import 'server-only';
import { throttleBucket } from '@/lib/auth/server/sign-in-throttle';
import { takePersonBudget, type PersonLimit } from '@/lib/bff/person-rate-limit';
import { AppError } from '@/lib/errors/app-error';
import { getDb, type Db } from '@/lib/db';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import { createPasswordReset } from '@/lib/db/repos/password-resets';
import { findUserByEmail, normalizeEmail } from '@/lib/db/repos/users';
import { appUrl, env } from '@/lib/env';
import { newLinkToken } from '@/lib/members/server/one-time-token';
import { logger } from '@/lib/ops/log';
import { configuredMailer, type Mailer } from '@/lib/ops/mail';

/** A link someone asked for themselves lives shorter than an operator's (RESET_LINK_TTL_MS). */
export const SELF_SERVICE_RESET_TTL_MS = 30 * 60 * 1000;

/** Per address asked for, whoever asks: a mailbox gets at most 3 links in 15 minutes. */
export const RESET_REQUESTS_PER_ADDRESS: PersonLimit = { name: 'password-reset address', limit: 3, windowMs: 15 * 60_000 };
/** Per client (its address's throttle bucket): 10 requests in 15 minutes across addresses. */
export const RESET_REQUESTS_PER_CLIENT: PersonLimit = { name: 'password-reset client', limit: 10, windowMs: 15 * 60_000 };

export const RESET_BY_MAIL_UNAVAILABLE_MESSAGE =
  'Password resets by mail are not available on this console. Ask your operator for a reset link.';

type Deps = {
  db?: Db;
  /** Where mail goes out; by default the SMTP settings (`SMTP_URL`, `SMTP_FROM`). */
  mailer?: Mailer;
  /** Runs the lookup and the mail after the answer is sent (the route passes Next's `after`). */
  defer?: (work: () => Promise<void>) => void;
  now?: Date;
};

/**
 * "Forgot password?": mails a one-time link (30 minutes, sha256 stored) to the address if it
 * belongs to an account that is not disabled. The answer is the same whether or not it does, and
 * comes before the lookup (the work is deferred), so neither its content nor its timing tells.
 * Rate limited per address asked for and per client, the same for known and unknown addresses.
 */
export async function requestPasswordReset(input: { email: string; ip: string | null }, deps: Deps = {}): Promise<{ requested: true }> {
  const mailer = deps.mailer ?? configuredMailer();
  if (!mailer) throw new AppError('RESET_BY_MAIL_UNAVAILABLE', RESET_BY_MAIL_UNAVAILABLE_MESSAGE);
  const email = normalizeEmail(input.email);
  const now = deps.now ?? new Date();
  const db = deps.db ?? getDb();
  await takePersonBudget(
    db,
    RESET_REQUESTS_PER_CLIENT,
    input.ip ? throttleBucket(input.ip, env().SIGN_IN_IPV6_PREFIX) : 'direct',
    now.getTime(),
  );
  await takePersonBudget(db, RESET_REQUESTS_PER_ADDRESS, email, now.getTime());
  const work = () =>
    mailResetLink(db, mailer, email, input.ip, now).catch((error: unknown) => {
      logger().error({ event: 'account.password_reset_mail_failed', err: error }, 'password reset mail failed');
    });
  (deps.defer ?? ((run) => void run()))(work);
  return { requested: true };
}

async function mailResetLink(db: Db, mailer: Mailer, email: string, ip: string | null, now: Date): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.disabledAt) {
    // Audited for the operator only (no organization), so guessing at addresses shows there.
    await appendAuditEvent(db, {
      actorUserId: user?.id,
      actorEmail: email,
      action: 'account.password_reset_requested',
      outcome: 'failure',
      details: { reason: user ? 'disabled' : 'no_account' },
      ip,
    });
    return;
  }
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + SELF_SERVICE_RESET_TTL_MS);
  await createPasswordReset(db, { userId: user.id, tokenHash, expiresAt });
  const url = new URL(`/reset-password/${token}`, appUrl()).toString();
  await mailer.transport.sendMail({
    from: mailer.from,
    to: user.email,
    subject: 'Reset your Motorpool password',
    text: [
      `Someone (hopefully you) asked to reset the password of ${user.email} on Motorpool.`,
      '',
      `Open this link to choose a new one (it works once, until ${expiresAt.toUTCString()}):`,
      url,
      '',
      'Setting a new password signs you out everywhere. If you did not ask, ignore this mail: your password stays as it is.',
    ].join('\n'),
  });
  await appendAuditEvent(db, {
    actorUserId: user.id,
    actorEmail: user.email,
    action: 'account.password_reset_requested',
    targetType: 'user',
    targetId: user.id,
    outcome: 'success',
    details: { expiresAt: expiresAt.toISOString() },
    ip,
  });
}
