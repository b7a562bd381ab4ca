import 'server-only';
import { and, count, eq, gte, lt, max, min, ne } from 'drizzle-orm';
import type { Db } from '../index';
import { signInAttempts } from '../schema';
import { normalizeEmail } from './users';

/**
 * Sign-in throttling. Each attempt is recorded before its password is checked, then the
 * recorded rows are counted, so attempts made in parallel see each other: of any number
 * started at once, at most the allowed number reach the password check.
 *
 * Two limits:
 * - per account AND address: `freePerPair` failures, then each further attempt from that
 *   address waits `baseDelayMs`, doubling per failure, up to `maxDelayMs`. An attacker who
 *   hammers an account from one address slows only that pair; its owner signing in from
 *   elsewhere is not held up.
 * - per address alone: at most `maxPerAddress` attempts in `addressWindowMs` across all
 *   accounts, a much higher ceiling against spraying many accounts.
 */
export interface ThrottlePolicy {
  /** How long a failure counts towards the pair's delay. */
  pairWindowMs: number;
  freePerPair: number;
  baseDelayMs: number;
  maxDelayMs: number;
  addressWindowMs: number;
  maxPerAddress: number;
}

export const SIGN_IN_THROTTLE: ThrottlePolicy = {
  pairWindowMs: 24 * 60 * 60_000,
  freePerPair: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  addressWindowMs: 15 * 60_000,
  maxPerAddress: 100,
};

/** Rows are kept this long, then pruned (the longest window of the policy). */
export const SIGN_IN_ATTEMPTS_KEPT_MS = 24 * 60 * 60_000;

export type ThrottleVerdict =
  { allowed: true; attemptId: number } | { allowed: false; reason: 'account' | 'ip'; retryAfterSeconds: number };

export interface AttemptKey {
  email: string;
  /** The client's address bucket (lib/auth/server/client-address.ts). */
  ip: string;
}

/** The delay before the next attempt of a pair with this many recent failures. */
export function pairDelayMs(failures: number, policy: ThrottlePolicy = SIGN_IN_THROTTLE): number {
  if (failures < policy.freePerPair) return 0;
  const exponent = Math.min(failures - policy.freePerPair, 40);
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Records the attempt, then decides on it. A refused attempt's row is removed again (it never
 * reached a password check, so it neither counts as a failure nor extends the delay); an
 * allowed one stays as a failure until `clearSignInPair` removes it after a success.
 */
export async function reserveSignInAttempt(db: Db, key: AttemptKey, policy = SIGN_IN_THROTTLE, now = new Date()): Promise<ThrottleVerdict> {
  const email = normalizeEmail(key.email);
  const [row] = await db.insert(signInAttempts).values({ email, ip: key.ip, attemptedAt: now }).returning({ id: signInAttempts.id });
  const id = row.id;
  const others = ne(signInAttempts.id, id);

  const refuse = async (verdict: Extract<ThrottleVerdict, { allowed: false }>) => {
    await db.delete(signInAttempts).where(eq(signInAttempts.id, id));
    return verdict;
  };

  const [address] = await db
    .select({ n: count(), oldest: min(signInAttempts.attemptedAt) })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ip, key.ip), gte(signInAttempts.attemptedAt, new Date(now.getTime() - policy.addressWindowMs)), others));
  if ((address?.n ?? 0) >= policy.maxPerAddress) {
    const oldest = address?.oldest ? new Date(address.oldest).getTime() : now.getTime();
    return refuse({ allowed: false, reason: 'ip', retryAfterSeconds: seconds(oldest + policy.addressWindowMs - now.getTime()) });
  }

  const [pair] = await db
    .select({ n: count(), latest: max(signInAttempts.attemptedAt) })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.email, email),
        eq(signInAttempts.ip, key.ip),
        gte(signInAttempts.attemptedAt, new Date(now.getTime() - policy.pairWindowMs)),
        others,
      ),
    );
  const delay = pairDelayMs(pair?.n ?? 0, policy);
  if (delay > 0) {
    const latest = pair?.latest ? new Date(pair.latest).getTime() : now.getTime();
    const wait = latest + delay - now.getTime();
    if (wait > 0) return refuse({ allowed: false, reason: 'account', retryAfterSeconds: seconds(wait) });
  }
  return { allowed: true, attemptId: id };
}

/** Removes an attempt that never got its answer through no fault of its own (the server was busy). */
export async function releaseSignInAttempt(db: Db, attemptId: number): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.id, attemptId));
}

/** Counts of recent recorded attempts (failures and attempts in progress). */
export async function countRecentAttempts(
  db: Db,
  key: { email?: string; ip?: string },
  policy = SIGN_IN_THROTTLE,
  now = new Date(),
): Promise<{ pair: number; address: number; account: number }> {
  const email = key.email ? normalizeEmail(key.email) : undefined;
  const stat = async (...conditions: Parameters<typeof and>) => {
    const [row] = await db
      .select({ n: count() })
      .from(signInAttempts)
      .where(and(...conditions));
    return row?.n ?? 0;
  };
  const pairSince = gte(signInAttempts.attemptedAt, new Date(now.getTime() - policy.pairWindowMs));
  return {
    pair: email && key.ip ? await stat(eq(signInAttempts.email, email), eq(signInAttempts.ip, key.ip), pairSince) : 0,
    address: key.ip
      ? await stat(eq(signInAttempts.ip, key.ip), gte(signInAttempts.attemptedAt, new Date(now.getTime() - policy.addressWindowMs)))
      : 0,
    account: email ? await stat(eq(signInAttempts.email, email), pairSince) : 0,
  };
}

/**
 * A success clears the failures of its own account-and-address pair only: the owner signing in
 * from home does not reset an attacker's delay elsewhere. The address's other rows stay, so
 * one valid account does not reset an address's budget for guessing at others.
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
