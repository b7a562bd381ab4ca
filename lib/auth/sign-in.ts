import 'server-only';
import { clientAddressFromHeaders, DIRECT_BUCKET } from '@/lib/auth/server/client-address';
import { PUBLISHED_DEMO_PASSWORD, publishedPasswordAllowed } from '@/lib/auth/demo-exposure';
import { verifyReservedAttempt } from '@/lib/auth/server/verify-attempt';
import { signInSchema, ssoSecondFactorSchema, webauthnResponseSchema } from '@/lib/auth/schemas';
import type { PendingSsoSignIn } from '@/lib/auth/server/sso-second-factor';
import { verifyPasskeySignIn } from '@/lib/auth/server/passkeys';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Db } from '@/lib/db';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import { hasAnyMembership } from '@/lib/db/repos/memberships';
import { hasSecondFactor } from '@/lib/db/repos/second-factors';
import { clearSignInPair, releaseSignInAttempt } from '@/lib/db/repos/sign-in-attempts';
import { redeemSecondFactorCode, type SecondFactorMethod } from '@/lib/auth/server/second-factor';
import { reserveSignInAttempt, SIGN_IN_THROTTLE, throttleBucket, type ThrottlePolicy } from '@/lib/auth/server/sign-in-throttle';
import { bindSsoIdentity, findSsoIdentity, hasSsoIdentityOfIssuer, touchSsoIdentity } from '@/lib/db/repos/sso-identities';
import { findUserByEmail, findUserById, updateUserName } from '@/lib/db/repos/users';
import { env } from '@/lib/env';

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
  /** The password is right and the account has a second factor: the page asks for its code. */
  secondFactorRequired: 'SecondFactorRequired',
  /** The code was wrong, already used, or from another time; the page keeps the code field. */
  secondFactorInvalid: 'SecondFactorInvalid',
  /**
   * Single sign-on for an account whose password was set through a link: whoever held the link
   * may not be this person. They sign in with the password and link single sign-on from the account page.
   */
  ssoPasswordFirst: 'SsoPasswordFirst',
  /** The account is bound to another single sign-on identity than this one (same email, other subject). */
  ssoOtherIdentity: 'SsoOtherIdentity',
  /** The code step of a single sign-on came without a fresh interrupted sign-in (expired, or another browser): sign in again. */
  ssoSecondFactorExpired: 'SsoSecondFactorExpired',
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

/** The password was right, but no session until the second factor's code is right too. */
export class SecondFactorError extends Error {
  constructor(code: (typeof SIGN_IN_ERRORS)['secondFactorRequired' | 'secondFactorInvalid' | 'ssoSecondFactorExpired']) {
    // next-auth forwards the message as the `error` parameter.
    super(code);
    this.name = 'SecondFactorError';
  }
}

/**
 * The client's address bucket for throttling and audit: the TCP peer, or the Nth entry from
 * the right of X-Forwarded-For with TRUST_PROXY_HOPS=N (lib/auth/server/client-address.ts).
 */
export function clientIpFromHeaders(headers: Headers | Record<string, unknown> | undefined, hops = env().TRUST_PROXY_HOPS): string {
  return clientAddressFromHeaders(headers, hops);
}

/** At most one audit row per key (account and address, or address) per this interval. */
export const THROTTLE_AUDIT_INTERVAL_MS = 60_000;
const MAX_AUDIT_KEYS = 10_000;
const lastThrottleAudit = new Map<string, number>();

/** Whether a throttled attempt under this key should be audited now; claims the slot if so. */
export function claimThrottleAudit(key: string, now = Date.now()): boolean {
  const last = lastThrottleAudit.get(key);
  if (last !== undefined && now - last < THROTTLE_AUDIT_INTERVAL_MS) return false;
  if (lastThrottleAudit.size >= MAX_AUDIT_KEYS) {
    for (const [k, at] of lastThrottleAudit) if (now - at >= THROTTLE_AUDIT_INTERVAL_MS) lastThrottleAudit.delete(k);
    // Still full of fresh keys (a spray from many addresses): forget the oldest half.
    if (lastThrottleAudit.size >= MAX_AUDIT_KEYS)
      [...lastThrottleAudit.keys()].slice(0, MAX_AUDIT_KEYS / 2).forEach((k) => lastThrottleAudit.delete(k));
  }
  lastThrottleAudit.set(key, now);
  return true;
}

async function auditFailedSignIn(db: Db, email: string, ip: string | null, details: Record<string, unknown>) {
  const known = await findUserByEmail(db, email);
  await appendAuditEvent(db, {
    actorUserId: known?.id,
    actorEmail: email,
    action: 'auth.sign_in_failed',
    outcome: 'failure',
    details: { method: 'credentials', ...details },
    ip,
  });
}

/**
 * `bucket`: the throttle's address bucket, which a later sign-in from the same network is trusted by.
 * `secondFactor`: how the second factor was proved, when the account has one.
 */
async function auditSignedIn(
  db: Db,
  user: { id: string; email: string },
  method: 'credentials' | 'oidc',
  ip: string | null,
  extra: { bucket?: string; secondFactor?: SecondFactorMethod | 'passkey' } = {},
) {
  await appendAuditEvent(db, {
    actorUserId: user.id,
    actorEmail: user.email,
    action: 'auth.sign_in',
    outcome: 'success',
    details: { method, ...extra },
    ip,
  });
}

/**
 * Email-and-password sign-in: the attempt is recorded and throttled first, then the password
 * checked, then (for an account with a second factor) the code, then audited. Answers the user,
 * or null for a wrong email or password (the same answer for both); throws SignInThrottledError
 * when the account-and-address pair must wait, the address made too many attempts, or too many
 * password checks are running, and SecondFactorError when the code is missing or wrong.
 */
export async function authorizeCredentials(
  db: Db,
  credentials: Record<string, unknown>,
  ip: string | null,
  policy: ThrottlePolicy = SIGN_IN_THROTTLE,
  publishedPassword: 'allowed' | 'refused' = publishedPasswordAllowed(env()) ? 'allowed' : 'refused',
): Promise<SignedInUser | null> {
  // The schema checks the email format before trimming, so surrounding spaces are removed first.
  const rawEmail = credentials.email;
  const parsed = signInSchema.safeParse({ ...credentials, email: typeof rawEmail === 'string' ? rawEmail.trim() : rawEmail });
  if (!parsed.success) return null;
  const { email, password, code, passkey } = parsed.data;
  const key = { email, ip: throttleBucket(ip ?? DIRECT_BUCKET, env().SIGN_IN_IPV6_PREFIX) };
  if (ip === DIRECT_BUCKET) ip = null;

  const verdict = await reserveSignInAttempt(db, key, policy);
  if (!verdict.allowed) {
    const auditKey = verdict.reason === 'ip' ? `ip ${key.ip}` : `pair ${email.toLowerCase()} ${key.ip}`;
    if (claimThrottleAudit(auditKey)) {
      await auditFailedSignIn(db, email, ip, { reason: 'throttled', limit: verdict.reason, retryAfterSeconds: verdict.retryAfterSeconds });
    }
    throw new SignInThrottledError(verdict.retryAfterSeconds);
  }

  // A server the network reaches never takes the published demo password, from any account: a
  // demo database carried over to a public deployment must not make its users administrators.
  if (password === PUBLISHED_DEMO_PASSWORD && publishedPassword === 'refused') {
    await auditFailedSignIn(db, email, ip, { reason: 'published_password_on_public_address' });
    return null;
  }
  const user = await verifyReservedAttempt(
    db,
    { attemptId: verdict.attemptId, email, password, bucket: key.ip },
    () => new SignInThrottledError(1),
  );
  if (!user) {
    await auditFailedSignIn(db, email, ip, { reason: 'invalid_credentials' });
    return null;
  }

  let secondFactor: SecondFactorMethod | 'passkey' | undefined;
  if (await hasSecondFactor(db, user.id)) {
    if (!code && !passkey) {
      // A right password alone is no failure: the attempt is given back, and the page asks for the code.
      await releaseSignInAttempt(db, verdict.attemptId);
      throw new SecondFactorError(SIGN_IN_ERRORS.secondFactorRequired);
    }
    // A wrong code keeps the attempt counted: guessing codes is throttled like guessing passwords.
    secondFactor = (passkey ? await redeemPasskey(db, user.id, passkey) : await redeemSecondFactorCode(db, user.id, code!)) ?? undefined;
    if (!secondFactor) {
      await auditFailedSignIn(db, email, ip, { reason: 'second_factor_invalid' });
      throw new SecondFactorError(SIGN_IN_ERRORS.secondFactorInvalid);
    }
  }

  await clearSignInPair(db, key);
  await auditSignedIn(db, user, 'credentials', ip, { bucket: key.ip, ...(secondFactor && { secondFactor }) });
  return { id: user.id, email: user.email, name: user.name || null };
}

/** A passkey's answer, as the sign-in form sends it (JSON in a string), checked for this person. */
async function redeemPasskey(db: Db, userId: string, answer: string): Promise<'passkey' | null> {
  let json: unknown;
  try {
    json = JSON.parse(answer);
  } catch {
    return null;
  }
  const parsed = webauthnResponseSchema.safeParse(json);
  if (!parsed.success) return null;
  const response = parsed.data as unknown as AuthenticationResponseJSON;
  return (await verifyPasskeySignIn(db, { userId, response })) ? 'passkey' : null;
}

export type OidcRefusal = { refused: (typeof SIGN_IN_ERRORS)['notInvited' | 'ssoPasswordFirst' | 'ssoOtherIdentity'] };

/**
 * The identity provider vouched for the person, but the account has a second factor: no session
 * yet. The sign-in page asks for the code (or a passkey) as after a right password, and
 * `authorizeSsoSecondFactor` finishes the sign-in.
 */
export type OidcSecondFactorPending = { secondFactorPending: PendingSsoSignIn };

export interface OidcProfileClaims {
  /** The identity provider's issuer and the person's subject there: the identity, never the email alone. */
  issuer: string;
  subject: string;
  email?: string | null;
  emailVerified?: boolean | null;
  name?: string | null;
}

/**
 * Single sign-on admits only people an organization has added (adding a member by email
 * creates their user row without a password: that row is the invitation). A stranger with an
 * account at the identity provider gets nothing, not even an empty account.
 *
 * The identity (issuer and subject) is bound to its row at the first sign-in and decides every
 * later one. The first sign-in binds only a row that no link holder could have taken: a row whose
 * password was set through an invitation or reset link is refused until its person proves the
 * password (`linkingUserId`: they started the sign-in from the account page, signed in). A row
 * bound to another subject of the same issuer is refused, whatever the email says.
 */
export async function admitOidcUser(
  db: Db,
  profile: OidcProfileClaims,
  ip: string | null = null,
  options: { linkingUserId?: string } = {},
): Promise<SignedInUser | OidcRefusal | OidcSecondFactorPending> {
  const email = profile.email?.trim().toLowerCase();
  const refuse = async (reason: string, refused: OidcRefusal['refused'] = SIGN_IN_ERRORS.notInvited, actorUserId?: string) => {
    await appendAuditEvent(db, {
      actorUserId,
      actorEmail: email ?? null,
      action: 'auth.sign_in_failed',
      outcome: 'failure',
      details: { method: 'oidc', reason, issuer: profile.issuer },
      ip,
    });
    return { refused };
  };
  if (!profile.issuer || !profile.subject) return refuse('no_subject');
  if (!email) return refuse('no_email');
  if (profile.emailVerified !== true) return refuse('email_not_verified');

  const bound = await findSsoIdentity(db, profile.issuer, profile.subject);
  let user = bound ? await findUserById(db, bound.userId) : await findUserByEmail(db, email);
  if (!user || !(await hasAnyMembership(db, user.id))) return refuse('not_invited');
  // Linking from the account page: this browser is signed in as this very person (with their
  // second factor, if they have one), so the identity provider's answer is the only proof asked.
  const linking = options.linkingUserId === user.id;
  if (bound) {
    await touchSsoIdentity(db, bound.id);
  } else {
    if (await hasSsoIdentityOfIssuer(db, user.id, profile.issuer))
      return refuse('other_subject_bound', SIGN_IN_ERRORS.ssoOtherIdentity, user.id);
    if (user.passwordSetByLink && !linking) return refuse('password_set_by_link', SIGN_IN_ERRORS.ssoPasswordFirst, user.id);
    const boundNow = await bindSsoIdentity(db, {
      userId: user.id,
      issuer: profile.issuer,
      subject: profile.subject,
      email,
      provedPassword: linking,
    });
    // Lost a race with another first sign-in of the same row or subject: the next attempt reads the winner.
    if (!boundNow) return refuse('binding_conflict', SIGN_IN_ERRORS.ssoOtherIdentity, user.id);
    await appendAuditEvent(db, {
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'auth.sso_identity_bound',
      outcome: 'success',
      details: { issuer: profile.issuer, linkedFromAccount: linking },
      ip,
    });
  }
  if (!user.name && profile.name) {
    await updateUserName(db, user.id, profile.name);
    user = { ...user, name: profile.name };
  }
  // The identity provider's own second factor is not this account's: a person who set one up here
  // proves it here too, as after a password (the session is issued only once it is proved).
  if (!linking && (await hasSecondFactor(db, user.id)))
    return { secondFactorPending: { userId: user.id, issuer: profile.issuer, subject: profile.subject } };
  await auditSignedIn(db, user, 'oidc', ip);
  return { id: user.id, email: user.email, name: user.name || null };
}

/**
 * The code step of a single sign-on interrupted for the second factor (`pending`: what the sealed
 * cookie names). The identity must still be bound to that account and the account still a member;
 * the code or passkey is checked as at a password sign-in, throttled and audited the same way
 * (a wrong code counts as a failed attempt of the account from this address). Answers the user
 * the session is for; throws SecondFactorError for a missing or wrong code or a missing or expired
 * interrupted sign-in, and SignInThrottledError when the account and address must wait.
 */
export async function authorizeSsoSecondFactor(
  db: Db,
  credentials: Record<string, unknown>,
  ip: string | null,
  pending: PendingSsoSignIn | undefined,
  policy: ThrottlePolicy = SIGN_IN_THROTTLE,
): Promise<SignedInUser> {
  const expired = () => new SecondFactorError(SIGN_IN_ERRORS.ssoSecondFactorExpired);
  const parsed = ssoSecondFactorSchema.safeParse(credentials);
  if (!pending || !parsed.success) throw expired();
  const bound = await findSsoIdentity(db, pending.issuer, pending.subject);
  const user = bound?.userId === pending.userId ? await findUserById(db, pending.userId) : undefined;
  if (!user || user.disabledAt || !(await hasAnyMembership(db, user.id))) throw expired();

  const { code, passkey } = parsed.data;
  const key = { email: user.email, ip: throttleBucket(ip ?? DIRECT_BUCKET, env().SIGN_IN_IPV6_PREFIX) };
  if (ip === DIRECT_BUCKET) ip = null;
  const verdict = await reserveSignInAttempt(db, key, policy);
  if (!verdict.allowed) {
    const auditKey = verdict.reason === 'ip' ? `ip ${key.ip}` : `pair ${user.email} ${key.ip}`;
    if (claimThrottleAudit(auditKey)) {
      await auditFailedSignIn(db, user.email, ip, {
        method: 'oidc',
        reason: 'throttled',
        limit: verdict.reason,
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    throw new SignInThrottledError(verdict.retryAfterSeconds);
  }
  if (!code && !passkey) {
    await releaseSignInAttempt(db, verdict.attemptId);
    throw new SecondFactorError(SIGN_IN_ERRORS.secondFactorRequired);
  }
  const secondFactor = passkey ? await redeemPasskey(db, user.id, passkey) : await redeemSecondFactorCode(db, user.id, code!);
  if (!secondFactor) {
    await auditFailedSignIn(db, user.email, ip, { method: 'oidc', reason: 'second_factor_invalid' });
    throw new SecondFactorError(SIGN_IN_ERRORS.secondFactorInvalid);
  }
  await clearSignInPair(db, key);
  await auditSignedIn(db, user, 'oidc', ip, { bucket: key.ip, secondFactor });
  return { id: user.id, email: user.email, name: user.name || null };
}
