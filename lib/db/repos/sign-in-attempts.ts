import 'server-only';
import { and, count, eq, gte, lt, max, min, ne, sql } from 'drizzle-orm';
import type { Db } from '../index';
import { auditEvents, signInAttempts } from '../schema';
import { normalizeEmail } from './users';

/**
 * Sign-in attempts, stored and counted. What the counts mean (the throttle's policy) is
 * lib/auth/server/sign-in-throttle.ts. Each attempt is recorded before its password is checked,
 * so attempts made in parallel see each other.
 */
export interface AttemptKey {
  email: string;
  /** The client's address bucket (lib/auth/server/sign-in-throttle.ts: an IPv6 address's /64). */
  ip: string;
}

/** Rows are kept this long, then pruned (the throttle's longest window). */
export const SIGN_IN_ATTEMPTS_KEPT_MS = 24 * 60 * 60_000;

export async function recordSignInAttempt(db: Db, key: AttemptKey, now: Date): Promise<number> {
  const [row] = await db
    .insert(signInAttempts)
    .values({ email: normalizeEmail(key.email), ip: key.ip, attemptedAt: now })
    .returning({ id: signInAttempts.id });
  return row.id;
}

/** Removes an attempt that never reached a password check, or never got its answer (the server was busy). */
export async function releaseSignInAttempt(db: Db, attemptId: number): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.id, attemptId));
}

export interface AttemptStats {
  n: number;
  oldest?: Date;
  latest?: Date;
}

/** Attempts since a moment, by account, by address bucket, or both; other than `except`. */
export async function signInAttemptStats(
  db: Db,
  filter: { email?: string; ip?: string; since: Date; except?: number },
): Promise<AttemptStats> {
  const [row] = await db
    .select({ n: count(), oldest: min(signInAttempts.attemptedAt), latest: max(signInAttempts.attemptedAt) })
    .from(signInAttempts)
    .where(
      and(
        filter.email === undefined ? undefined : eq(signInAttempts.email, normalizeEmail(filter.email)),
        filter.ip === undefined ? undefined : eq(signInAttempts.ip, filter.ip),
        gte(signInAttempts.attemptedAt, filter.since),
        filter.except === undefined ? undefined : ne(signInAttempts.id, filter.except),
      ),
    );
  const date = (value: unknown) => (value ? new Date(value as string | Date) : undefined);
  return { n: row?.n ?? 0, oldest: date(row?.oldest), latest: date(row?.latest) };
}

/** Whether this account signed in with its password from this address bucket since a moment (the audit log). */
export async function signedInFromBucket(db: Db, key: AttemptKey, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'auth.sign_in'),
        eq(auditEvents.actorEmail, normalizeEmail(key.email)),
        gte(auditEvents.createdAt, since),
        sql`${auditEvents.details}->>'bucket' = ${key.ip}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Counts of recent recorded attempts (failures and attempts in progress). */
export async function countRecentAttempts(
  db: Db,
  key: { email?: string; ip?: string },
  windows: { pairWindowMs: number; addressWindowMs: number },
  now = new Date(),
): Promise<{ pair: number; address: number; account: number }> {
  const pairSince = new Date(now.getTime() - windows.pairWindowMs);
  return {
    pair: key.email && key.ip ? (await signInAttemptStats(db, { email: key.email, ip: key.ip, since: pairSince })).n : 0,
    address: key.ip ? (await signInAttemptStats(db, { ip: key.ip, since: new Date(now.getTime() - windows.addressWindowMs) })).n : 0,
    account: key.email ? (await signInAttemptStats(db, { email: key.email, since: pairSince })).n : 0,
  };
}

/**
 * A success clears the failures of its own account-and-address pair only: the owner signing in
 * from home does not reset an attacker's delay elsewhere.
 */
export async function clearSignInPair(db: Db, key: AttemptKey): Promise<void> {
  await db.delete(signInAttempts).where(and(eq(signInAttempts.email, normalizeEmail(key.email)), eq(signInAttempts.ip, key.ip)));
}

/** Drops rows older than the longest window; they no longer count for anything. */
export async function pruneSignInAttempts(db: Db, now = new Date(), keptMs = SIGN_IN_ATTEMPTS_KEPT_MS): Promise<number> {
  const rows = await db
    .delete(signInAttempts)
    .where(lt(signInAttempts.attemptedAt, new Date(now.getTime() - keptMs)))
    .returning({ id: signInAttempts.id });
  return rows.length;
}
