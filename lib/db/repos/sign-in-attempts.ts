import 'server-only';
import { and, count, eq, gte, lt, min } from 'drizzle-orm';
import type { Db } from '../index';
import { signInAttempts } from '../schema';
import { normalizeEmail } from './users';

export interface ThrottlePolicy {
  windowMs: number;
  maxPerAccount: number;
  maxPerIp: number;
}

export const SIGN_IN_THROTTLE: ThrottlePolicy = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerIp: 20 };

export type ThrottleVerdict =
  | { allowed: true }
  | { allowed: false; reason: 'account' | 'ip'; retryAfterSeconds: number };

export async function recordSignInFailure(db: Db, attempt: { email?: string | null; ip?: string | null }, now = new Date()): Promise<void> {
  await db.insert(signInAttempts).values({
    email: attempt.email ? normalizeEmail(attempt.email) : null,
    ip: attempt.ip ?? null,
    attemptedAt: now,
  });
}

async function windowStats(db: Db, column: typeof signInAttempts.email | typeof signInAttempts.ip, value: string, since: Date) {
  const [row] = await db
    .select({ n: count(), oldest: min(signInAttempts.attemptedAt) })
    .from(signInAttempts)
    .where(and(eq(column, value), gte(signInAttempts.attemptedAt, since)));
  return { failures: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : undefined };
}

export async function countRecentFailures(
  db: Db,
  attempt: { email?: string | null; ip?: string | null },
  policy = SIGN_IN_THROTTLE,
  now = new Date(),
): Promise<{ account: number; ip: number }> {
  const since = new Date(now.getTime() - policy.windowMs);
  const account = attempt.email ? (await windowStats(db, signInAttempts.email, normalizeEmail(attempt.email), since)).failures : 0;
  const ip = attempt.ip ? (await windowStats(db, signInAttempts.ip, attempt.ip, since)).failures : 0;
  return { account, ip };
}

/** Whether another attempt may be made now; the wait is until the oldest counted failure leaves the window. */
export async function checkSignInThrottle(
  db: Db,
  attempt: { email?: string | null; ip?: string | null },
  policy = SIGN_IN_THROTTLE,
  now = new Date(),
): Promise<ThrottleVerdict> {
  const since = new Date(now.getTime() - policy.windowMs);
  const checks = [
    { reason: 'account' as const, value: attempt.email ? normalizeEmail(attempt.email) : undefined, column: signInAttempts.email, max: policy.maxPerAccount },
    { reason: 'ip' as const, value: attempt.ip ?? undefined, column: signInAttempts.ip, max: policy.maxPerIp },
  ];
  for (const check of checks) {
    if (!check.value) continue;
    const stats = await windowStats(db, check.column, check.value, since);
    if (stats.failures >= check.max) {
      const freeAt = (stats.oldest ?? now).getTime() + policy.windowMs;
      return { allowed: false, reason: check.reason, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
    }
  }
  return { allowed: true };
}

/**
 * A successful sign-in clears the account's failures. The address's failures stay: otherwise
 * one valid account would let an attacker reset the per-address budget between guesses.
 */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.email, normalizeEmail(email)));
}

/** Drops rows older than the window; they no longer count for anything. */
export async function pruneSignInAttempts(db: Db, policy = SIGN_IN_THROTTLE, now = new Date()): Promise<number> {
  const rows = await db
    .delete(signInAttempts)
    .where(lt(signInAttempts.attemptedAt, new Date(now.getTime() - policy.windowMs)))
    .returning({ id: signInAttempts.id });
  return rows.length;
}
