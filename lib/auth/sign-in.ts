import 'server-only';
import { signInSchema } from '@/lib/validations/auth';
import type { Db } from '@/lib/db';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import { hasAnyMembership } from '@/lib/db/repos/memberships';
import { checkSignInThrottle, clearSignInFailures, recordSignInFailure, SIGN_IN_THROTTLE, type ThrottlePolicy } from '@/lib/db/repos/sign-in-attempts';
import { findUserByEmail, updateUserName, verifyCredentials } from '@/lib/db/repos/users';

/** The `error` query parameter next-auth sends back to the sign-in page. */
export const SIGN_IN_ERRORS = {
  /** Wrong email or password (next-auth's own code for a null from authorize). */
  invalid: 'CredentialsSignin',
  /** Too many failed attempts for this account or address; try again later. */
  throttled: 'TooManyAttempts',
  /** Single sign-on for an email no organization has added. */
  notInvited: 'AccessDenied',
  /** Something failed on our side (database down); details are logged, never shown. */
  unavailable: 'SignInUnavailable',
} as const;

export interface SignedInUser {
  id: string;
  email: string;
  name: string | null;
}

export class SignInThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    // next-auth forwards the message as the `error` parameter.
    super(SIGN_IN_ERRORS.throttled);
    this.name = 'SignInThrottledError';
  }
}

/** The first address of X-Forwarded-For (set by the proxy in front), else X-Real-IP. */
export function clientIpFromHeaders(headers: Headers | Record<string, unknown> | undefined): string | null {
  if (!headers) return null;
  const read = (name: string): string | undefined => {
    if (headers instanceof Headers) return headers.get(name) ?? undefined;
    const value = headers[name];
    return Array.isArray(value) ? String(value[0]) : typeof value === 'string' ? value : undefined;
  };
  return read('x-forwarded-for')?.split(',')[0]?.trim() || read('x-real-ip')?.trim() || null;
}

/**
 * Email-and-password sign-in: throttle check, password check, failure counting, audit.
 * Answers the user, or null for a wrong email or password (the same answer for both), and
 * throws SignInThrottledError when too many attempts failed recently.
 */
export async function authorizeCredentials(
  db: Db,
  credentials: Record<string, unknown>,
  ip: string | null,
  policy: ThrottlePolicy = SIGN_IN_THROTTLE,
): Promise<SignedInUser | null> {
  // The schema checks the email format before trimming, so surrounding spaces are removed first.
  const rawEmail = credentials.email;
  const parsed = signInSchema.safeParse({ ...credentials, email: typeof rawEmail === 'string' ? rawEmail.trim() : rawEmail });
  if (!parsed.success) return null;
  const { email, password } = parsed.data;

  const verdict = await checkSignInThrottle(db, { email, ip }, policy);
  if (!verdict.allowed) {
    const known = await findUserByEmail(db, email);
    await appendAuditEvent(db, {
      actorUserId: known?.id,
      actorEmail: email,
      action: 'auth.sign_in_failed',
      outcome: 'failure',
      details: { method: 'credentials', reason: 'throttled', limit: verdict.reason, retryAfterSeconds: verdict.retryAfterSeconds },
      ip,
    });
    throw new SignInThrottledError(verdict.retryAfterSeconds);
  }

  const user = await verifyCredentials(db, email, password);
  if (!user) {
    await recordSignInFailure(db, { email, ip });
    const known = await findUserByEmail(db, email);
    await appendAuditEvent(db, {
      actorUserId: known?.id,
      actorEmail: email,
      action: 'auth.sign_in_failed',
      outcome: 'failure',
      details: { method: 'credentials', reason: 'invalid_credentials' },
      ip,
    });
    return null;
  }

  await clearSignInFailures(db, email);
  await appendAuditEvent(db, {
    actorUserId: user.id,
    actorEmail: user.email,
    action: 'auth.sign_in',
    outcome: 'success',
    details: { method: 'credentials' },
    ip,
  });
  return { id: user.id, email: user.email, name: user.name || null };
}

/**
 * Single sign-on admits only people an organization has added (adding a member by email
 * creates their user row without a password: that row is the invitation). A stranger with an
 * account at the identity provider gets nothing, not even an empty account.
 */
export async function admitOidcUser(
  db: Db,
  profile: { email?: string | null; emailVerified?: boolean | null; name?: string | null },
  ip: string | null = null,
): Promise<SignedInUser | null> {
  const email = profile.email?.trim().toLowerCase();
  const refuse = async (reason: string) => {
    await appendAuditEvent(db, { actorEmail: email ?? null, action: 'auth.sign_in_failed', outcome: 'failure', details: { method: 'oidc', reason }, ip });
    return null;
  };
  if (!email) return refuse('no_email');
  if (profile.emailVerified !== true) return refuse('email_not_verified');
  const user = await findUserByEmail(db, email);
  if (!user || !(await hasAnyMembership(db, user.id))) return refuse('not_invited');
  if (!user.name && profile.name) await updateUserName(db, user.id, profile.name);
  await appendAuditEvent(db, { actorUserId: user.id, actorEmail: user.email, action: 'auth.sign_in', outcome: 'success', details: { method: 'oidc' }, ip });
  return { id: user.id, email: user.email, name: user.name || profile.name || null };
}
