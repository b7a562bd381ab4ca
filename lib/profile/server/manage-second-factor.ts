import 'server-only';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from '@/lib/auth/server/recovery-codes';
import { redeemSecondFactorCode } from '@/lib/auth/server/second-factor';
import { passwordMatches, throttledCheck } from '@/lib/auth/server/throttled-check';
import { newTotpSecret, otpauthUri, stepOfCode } from '@/lib/auth/server/totp';
import { getDb, type Db } from '@/lib/db';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import {
  confirmTotp,
  deleteTotp,
  getSecondFactorSummary,
  getTotpCredential,
  hasConfirmedTotpOf,
  savePendingTotp,
} from '@/lib/db/repos/second-factors';
import { listPasskeys } from '@/lib/db/repos/passkeys';
import { findUserById } from '@/lib/db/repos/users';
import { AppError, invalidField } from '@/lib/errors/app-error';
import type { SecondFactorView, TotpConfirmedView, TotpEnrolmentView } from '@/lib/profile/second-factor';

export type Person = { user: { id: string; email: string }; ip: string | null };

/** `auth.*` with no organization: each organization the person belongs to sees it in its audit trail. */
export async function audit(db: Db, person: Person, action: string, outcome: 'success' | 'failure', details: Record<string, unknown>) {
  await appendAuditEvent(db, { actorUserId: person.user.id, actorEmail: person.user.email, action, outcome, details, ip: person.ip });
}

export const fieldError = (field: string, message: string) => invalidField(field, message);

export async function getSecondFactorStatus(userId: string, db: Db = getDb()): Promise<SecondFactorView> {
  const [summary, keys] = await Promise.all([getSecondFactorSummary(db, userId), listPasskeys(db, userId)]);
  return {
    totp: summary ? { enrolledAt: summary.enrolledAt.toISOString(), recoveryCodesLeft: summary.recoveryCodesLeft } : null,
    passkeys: keys.map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    })),
  };
}

/** What the account page needs: the second factor's status, and whether the account has a password to confirm with. */
export async function getAccountSecurity(userId: string, db: Db = getDb()): Promise<{ status: SecondFactorView; hasPassword: boolean }> {
  const [status, user] = await Promise.all([getSecondFactorStatus(userId, db), findUserById(db, userId)]);
  return { status, hasPassword: user?.hasPassword ?? false };
}

/**
 * Starts setting up an authenticator app: after the current password (where the account has
 * one), a new secret is stored sealed, waiting for its first code, and shown this once.
 */
export async function startTotpEnrolment(input: Person & { password?: string }, db: Db = getDb()): Promise<TotpEnrolmentView> {
  const { user } = input;
  const refusal = new AppError('CONFLICT', 'Two-step verification is on already. Remove it first to move to another app.');
  if (await hasConfirmedTotpOf(db, user.id)) throw refusal;
  await proveEnrolment(db, input, 'totp');
  const secret = newTotpSecret();
  if (!(await savePendingTotp(db, user.id, secret))) throw refusal;
  return { secret, uri: otpauthUri(secret, user.email) };
}

/** The app's first code turns the waiting secret on; ten recovery codes are made and shown this once. */
export async function confirmTotpEnrolment(input: Person & { code: string }, db: Db = getDb()): Promise<TotpConfirmedView> {
  const { user } = input;
  const pending = await getTotpCredential(db, user.id);
  if (!pending || pending.confirmedAt) throw new AppError('CONFLICT', 'No set-up is waiting for a code. Start again.');
  const code = input.code.replace(/\s/g, '');
  const step = await throttledCheck(db, { email: user.email, ip: input.ip }, async () => stepOfCode(pending.secret, code));
  if (step === null) throw fieldError('code', 'That code does not match. Enter the code the app shows now.');
  const recoveryCodes = newRecoveryCodes();
  const hashes = recoveryCodes.map((c) => hashRecoveryCode(user.id, normalizeRecoveryCode(c)!));
  if (!(await confirmTotp(db, user.id, step, hashes))) throw new AppError('CONFLICT', 'No set-up is waiting for a code. Start again.');
  await audit(db, input, 'auth.second_factor_enrolled', 'success', { method: 'totp' });
  return { recoveryCodes, status: await getSecondFactorStatus(user.id, db) };
}

/** Enrolling a second factor starts with the password where the account has one (a borrowed session cannot lock the owner out). */
export async function proveEnrolment(db: Db, input: Person & { password?: string }, method: 'totp' | 'passkey'): Promise<void> {
  const { user } = input;
  if (!(await findUserById(db, user.id))?.hasPassword) return;
  if (!input.password) throw fieldError('password', 'Enter your password');
  const password = input.password;
  const matches = await throttledCheck(db, { email: user.email, ip: input.ip }, async (attempt) =>
    (await passwordMatches(db, user, password, attempt)) ? true : null,
  );
  if (matches) return;
  await audit(db, input, 'auth.second_factor_enrol_failed', 'failure', { method, reason: 'wrong_password' });
  throw fieldError('password', 'The password is wrong');
}

/**
 * What removing a second factor (or renewing the recovery codes) takes: a current code (or a
 * recovery code), or the password, throttled like sign-in. Answers how it was proven; a wrong proof is audited and refused on its field.
 */
export async function proveRemoval(
  db: Db,
  input: Person & { code?: string; password?: string },
  method: 'totp' | 'passkey',
  failureAction = 'auth.second_factor_remove_failed',
): Promise<'password' | Exclude<Awaited<ReturnType<typeof redeemSecondFactorCode>>, null>> {
  const { user, code, password } = input;
  const proof = await throttledCheck(db, { email: user.email, ip: input.ip }, async (attempt) => {
    if (code) return redeemSecondFactorCode(db, user.id, code);
    return password && (await passwordMatches(db, user, password, attempt)) ? ('password' as const) : null;
  });
  if (proof) return proof;
  await audit(db, input, failureAction, 'failure', { method, reason: code ? 'wrong_code' : 'wrong_password' });
  throw code ? fieldError('code', 'That code is wrong or was used already') : fieldError('password', 'The password is wrong');
}

/** Removes the app and the recovery codes, after a current code, a recovery code or the password. */
export async function removeTotp(input: Person & { code?: string; password?: string }, db: Db = getDb()): Promise<SecondFactorView> {
  const { user } = input;
  if (!(await hasConfirmedTotpOf(db, user.id))) throw new AppError('CONFLICT', 'No authenticator app is set up.');
  const proof = await proveRemoval(db, input, 'totp');
  await deleteTotp(db, user.id);
  await audit(db, input, 'auth.second_factor_removed', 'success', { method: 'totp', confirmedWith: proof });
  return getSecondFactorStatus(user.id, db);
}
