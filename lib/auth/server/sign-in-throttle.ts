import 'server-only';
import { isIPv6 } from 'node:net';
import type { Db } from '@/lib/db';
import {
  recordSignInAttempt,
  releaseSignInAttempt,
  signedInFromBucket,
  signInAttemptStats,
  type AttemptKey,
} from '@/lib/db/repos/sign-in-attempts';

/**
 * Sign-in throttling: the policy. Three limits, all keyed by the address's bucket (an IPv6
 * address counts by its /64, which one subscriber usually holds whole):
 * - per account AND bucket: `freePerPair` failures, then each further attempt waits
 *   `baseDelayMs`, doubling per failure, up to `maxDelayMs`. An attacker hammering an account
 *   from one network slows only that pair; its owner signing in from elsewhere is not held up.
 * - per bucket alone: at most `maxPerAddress` attempts in `addressWindowMs` across all accounts.
 * - per account across buckets: after `freePerAccount` failures in `accountWindowMs`, a bucket
 *   the account has not signed in from in `trustedForMs` waits `accountBaseDelayMs` doubling up
 *   to `accountMaxDelayMs` after the account's latest failure. Guessing spread over many
 *   networks gets about one try a minute; the owner at a network they signed in from before is
 *   not held at all, and at a new one waits at most a minute.
 */
export interface ThrottlePolicy {
  /** How long a failure counts towards the pair's delay. */
  pairWindowMs: number;
  freePerPair: number;
  baseDelayMs: number;
  maxDelayMs: number;
  addressWindowMs: number;
  maxPerAddress: number;
  accountWindowMs: number;
  freePerAccount: number;
  accountBaseDelayMs: number;
  accountMaxDelayMs: number;
  trustedForMs: number;
}

export const SIGN_IN_THROTTLE: ThrottlePolicy = {
  pairWindowMs: 24 * 60 * 60_000,
  freePerPair: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  addressWindowMs: 15 * 60_000,
  maxPerAddress: 100,
  accountWindowMs: 60 * 60_000,
  freePerAccount: 20,
  accountBaseDelayMs: 1_000,
  accountMaxDelayMs: 60_000,
  trustedForMs: 30 * 24 * 60 * 60_000,
};

export type ThrottleVerdict =
  { allowed: true; attemptId: number } | { allowed: false; reason: 'account' | 'ip'; retryAfterSeconds: number };

/** An address's throttling bucket: IPv4 as it is, IPv6 by its first `ipv6Prefix` bits (`2001:db8:1:2::/64`). */
export function throttleBucket(address: string, ipv6Prefix = 64): string {
  if (!isIPv6(address) || ipv6Prefix >= 128) return address;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4 was made plain IPv4 earlier) takes two groups.
  const expand = (groups: string[]) =>
    groups.flatMap((g) => {
      if (!g.includes('.')) return [g];
      const [a, b, c, d] = g.split('.').map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const l = expand(left);
  const r = expand(right);
  const groups = [...l, ...Array(8 - l.length - r.length).fill('0'), ...r].map((g) => parseInt(g, 16));
  const kept = groups.map((value, i) => {
    const bits = Math.max(0, Math.min(16, ipv6Prefix - i * 16));
    return bits === 0 ? 0 : value & (0xffff << (16 - bits)) & 0xffff;
  });
  const last = kept.findLastIndex((value) => value !== 0);
  const prefix = kept.slice(0, last + 1).map((value) => value.toString(16));
  return `${prefix.join(':')}${prefix.length < 8 ? '::' : ''}/${ipv6Prefix}`;
}

/** The delay before the next attempt after this many failures, past `free`, doubling to `max`. */
function backoffMs(failures: number, free: number, base: number, max: number): number {
  if (failures < free) return 0;
  return Math.min(max, base * 2 ** Math.min(failures - free, 40));
}

/** The delay before the next attempt of a pair with this many recent failures. */
export function pairDelayMs(failures: number, policy: ThrottlePolicy = SIGN_IN_THROTTLE): number {
  return backoffMs(failures, policy.freePerPair, policy.baseDelayMs, policy.maxDelayMs);
}

/** The delay an untrusted bucket waits after an account's latest failure, given its failures in the window. */
export function accountDelayMs(failures: number, policy: ThrottlePolicy = SIGN_IN_THROTTLE): number {
  return backoffMs(failures, policy.freePerAccount, policy.accountBaseDelayMs, policy.accountMaxDelayMs);
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Records the attempt, then decides on it. A refused attempt's row is removed again (it never
 * reached a password check, so it neither counts as a failure nor extends a delay); an allowed
 * one stays as a failure until `clearSignInPair` removes it after a success.
 */
export async function reserveSignInAttempt(db: Db, key: AttemptKey, policy = SIGN_IN_THROTTLE, now = new Date()): Promise<ThrottleVerdict> {
  const id = await recordSignInAttempt(db, key, now);
  const since = (ms: number) => new Date(now.getTime() - ms);
  const refuse = async (verdict: Extract<ThrottleVerdict, { allowed: false }>) => {
    await releaseSignInAttempt(db, id);
    return verdict;
  };
  const waitUntil = (latest: Date | undefined, delay: number) => (latest ?? now).getTime() + delay - now.getTime();

  const address = await signInAttemptStats(db, { ip: key.ip, since: since(policy.addressWindowMs), except: id });
  if (address.n >= policy.maxPerAddress) {
    return refuse({ allowed: false, reason: 'ip', retryAfterSeconds: seconds(waitUntil(address.oldest, policy.addressWindowMs)) });
  }

  const pair = await signInAttemptStats(db, { email: key.email, ip: key.ip, since: since(policy.pairWindowMs), except: id });
  const pairWait = waitUntil(pair.latest, pairDelayMs(pair.n, policy));
  if (pairDelayMs(pair.n, policy) > 0 && pairWait > 0)
    return refuse({ allowed: false, reason: 'account', retryAfterSeconds: seconds(pairWait) });

  const account = await signInAttemptStats(db, { email: key.email, since: since(policy.accountWindowMs), except: id });
  const accountDelay = accountDelayMs(account.n, policy);
  const accountWait = waitUntil(account.latest, accountDelay);
  if (accountDelay > 0 && accountWait > 0 && !(await signedInFromBucket(db, key, since(policy.trustedForMs)))) {
    return refuse({ allowed: false, reason: 'account', retryAfterSeconds: seconds(accountWait) });
  }
  return { allowed: true, attemptId: id };
}
