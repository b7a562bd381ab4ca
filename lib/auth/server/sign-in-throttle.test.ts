import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { clearSignInPair, countRecentAttempts, pruneSignInAttempts } from '@/lib/db/repos/sign-in-attempts';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import {
  accountDelayMs,
  pairDelayMs,
  reserveSignInAttempt,
  SIGN_IN_THROTTLE,
  throttleBucket,
  type ThrottlePolicy,
} from './sign-in-throttle';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0007');

const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('pair delay', () => {
  it('is free for 5 failures, then doubles from 1 s up to 15 minutes', () => {
    expect([0, 4].map((n) => pairDelayMs(n))).toEqual([0, 0]);
    expect([5, 6, 7, 8].map((n) => pairDelayMs(n))).toEqual([1 * SECOND, 2 * SECOND, 4 * SECOND, 8 * SECOND]);
    expect(pairDelayMs(14)).toBe(512 * SECOND);
    expect(pairDelayMs(15)).toBe(15 * MINUTE);
    expect(pairDelayMs(10_000)).toBe(15 * MINUTE);
  });
});

describe('address buckets', () => {
  it('counts an IPv6 address by its /64, whatever its spelling', () => {
    expect(throttleBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(throttleBucket('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64');
    expect(throttleBucket('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(throttleBucket('2001:db8::1')).toBe('2001:db8::/64');
    expect(throttleBucket('::1')).toBe('::/64');
    expect(throttleBucket('2001:db8:1:2:ffff::')).toBe(throttleBucket('2001:db8:1:2::ffff'));
    expect(throttleBucket('2001:db8:1:3::1')).not.toBe(throttleBucket('2001:db8:1:2::1'));
  });

  it('takes another prefix length, and leaves IPv4 and the direct bucket as they are', () => {
    expect(throttleBucket('2001:db8:1:2:3:4:5:6', 48)).toBe('2001:db8:1::/48');
    expect(throttleBucket('2001:db8:1:2:3:4:5:6', 56)).toBe('2001:db8:1:0::/56'.replace(':0::', '::'));
    expect(throttleBucket('2001:db8:1:2ff:3:4:5:6', 56)).toBe('2001:db8:1:200::/56');
    expect(throttleBucket('2001:db8:1:2:3:4:5:6', 128)).toBe('2001:db8:1:2:3:4:5:6');
    expect(throttleBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleBucket('direct')).toBe('direct');
  });
});

describe('account delay', () => {
  it('is free for 20 failures across networks, then doubles from 1 s up to one minute', () => {
    expect([0, 19].map((n) => accountDelayMs(n))).toEqual([0, 0]);
    expect([20, 21, 25].map((n) => accountDelayMs(n))).toEqual([1 * SECOND, 2 * SECOND, 32 * SECOND]);
    expect(accountDelayMs(26)).toBe(MINUTE);
    expect(accountDelayMs(10_000)).toBe(MINUTE);
  });
});

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`sign-in throttle on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const now = new Date('2026-11-22T12:00:00.000Z');
    const at = (ms: number) => new Date(now.getTime() + ms);
    const pair = { email: 'Target@Example.com', ip: '10.0.0.1' };

    it('lets 5 attempts of a pair through, then makes the pair wait, doubling', async () => {
      for (let i = 0; i < 5; i++) expect((await reserveSignInAttempt(t.db, pair, SIGN_IN_THROTTLE, at(i))).allowed).toBe(true);
      expect(await reserveSignInAttempt(t.db, pair, SIGN_IN_THROTTLE, at(10))).toEqual({
        allowed: false,
        reason: 'account',
        retryAfterSeconds: 1,
      });
      // The refused attempt left no row: the wait is not extended by trying.
      expect((await countRecentAttempts(t.db, pair, SIGN_IN_THROTTLE, at(10))).pair).toBe(5);
      expect((await reserveSignInAttempt(t.db, pair, SIGN_IN_THROTTLE, at(4 + SECOND))).allowed).toBe(true);
      expect(await reserveSignInAttempt(t.db, pair, SIGN_IN_THROTTLE, at(4 + SECOND + 100))).toMatchObject({
        allowed: false,
        retryAfterSeconds: 2,
      });
      expect((await reserveSignInAttempt(t.db, pair, SIGN_IN_THROTTLE, at(4 + 3 * SECOND))).allowed).toBe(true);
      expect(await reserveSignInAttempt(t.db, pair, SIGN_IN_THROTTLE, at(4 + 3 * SECOND + 1))).toMatchObject({
        allowed: false,
        retryAfterSeconds: 4,
      });
    });

    it('does not slow the same account from another address, nor another account from the same address', async () => {
      expect((await reserveSignInAttempt(t.db, { ...pair, ip: '10.0.0.2' }, SIGN_IN_THROTTLE, at(5 * SECOND))).allowed).toBe(true);
      expect((await reserveSignInAttempt(t.db, { ...pair, email: 'other@example.com' }, SIGN_IN_THROTTLE, at(5 * SECOND))).allowed).toBe(
        true,
      );
    });

    it('a success clears only its own pair', async () => {
      await clearSignInPair(t.db, { email: 'target@example.com', ip: '10.0.0.2' });
      expect(await countRecentAttempts(t.db, pair, SIGN_IN_THROTTLE, at(5 * SECOND))).toEqual({ pair: 7, address: 8, account: 7 });
    });

    it('stops an address at a much higher ceiling across accounts', async () => {
      const policy: ThrottlePolicy = { ...SIGN_IN_THROTTLE, maxPerAddress: 10 };
      for (let i = 0; i < 10; i++)
        expect((await reserveSignInAttempt(t.db, { email: `user${i}@example.com`, ip: '192.0.2.7' }, policy, at(i))).allowed).toBe(true);
      expect(await reserveSignInAttempt(t.db, { email: 'fresh@example.com', ip: '192.0.2.7' }, policy, at(20))).toEqual({
        allowed: false,
        reason: 'ip',
        retryAfterSeconds: 15 * 60,
      });
      expect((await reserveSignInAttempt(t.db, { email: 'fresh@example.com', ip: '192.0.2.8' }, policy, at(20))).allowed).toBe(true);
    });

    it('counts attempts made in parallel against each other', async () => {
      const key = { email: 'burst@example.com', ip: '198.51.100.1' };
      const verdicts = await Promise.all(Array.from({ length: 20 }, () => reserveSignInAttempt(t.db, key, SIGN_IN_THROTTLE, at(0))));
      expect(verdicts.filter((v) => v.allowed).length).toBeLessThanOrEqual(5);
      expect((await countRecentAttempts(t.db, key, SIGN_IN_THROTTLE, at(0))).pair).toBeLessThanOrEqual(5);
    });

    it('prunes what is older than a day', async () => {
      expect(await pruneSignInAttempts(t.db, at(MINUTE))).toBe(0);
      expect(await pruneSignInAttempts(t.db, at(25 * 60 * MINUTE))).toBeGreaterThan(0);
      await reserveSignInAttempt(t.db, pair, SIGN_IN_THROTTLE, new Date(Date.now() - 25 * 60 * MINUTE));
      expect((await countRecentAttempts(t.db, pair, { ...SIGN_IN_THROTTLE, pairWindowMs: 48 * 60 * MINUTE })).pair).toBe(1);
      expect(await pruneSignInAttempts(t.db)).toBe(1);
      expect((await countRecentAttempts(t.db, pair, { ...SIGN_IN_THROTTLE, pairWindowMs: 48 * 60 * MINUTE })).pair).toBe(0);
    });

    it('gives the addresses of one /64 one budget, not five fresh guesses each', async () => {
      const policy: ThrottlePolicy = { ...SIGN_IN_THROTTLE, baseDelayMs: MINUTE };
      const allowed = [];
      for (let i = 1; i <= 12; i++) {
        const key = { email: 'target@example.com', ip: throttleBucket(`2001:db8:77:1::${i.toString(16)}`) };
        allowed.push((await reserveSignInAttempt(t.db, key, policy, at(i))).allowed);
      }
      expect(allowed.filter(Boolean)).toHaveLength(5);
    });

    it('slows guesses spread over many networks after 20 failures, but not the owner at a network they signed in from', async () => {
      const policy: ThrottlePolicy = { ...SIGN_IN_THROTTLE, accountBaseDelayMs: MINUTE, accountMaxDelayMs: 10 * MINUTE };
      const email = 'spread@example.com';
      await appendAuditEvent(t.db, {
        actorEmail: email,
        action: 'auth.sign_in',
        outcome: 'success',
        details: { method: 'credentials', bucket: '192.0.2.50' },
      });
      // 20 networks, one guess each: each is within its pair's and address's free budget.
      for (let i = 0; i < 20; i++)
        expect((await reserveSignInAttempt(t.db, { email, ip: `198.51.100.${i}` }, policy, at(i))).allowed).toBe(true);
      // The 21st new network waits for the account, though its own pair and address are fresh.
      expect(await reserveSignInAttempt(t.db, { email, ip: '203.0.113.1' }, policy, at(30))).toEqual({
        allowed: false,
        reason: 'account',
        retryAfterSeconds: 60,
      });
      // The owner's own network, where the account signed in before, is not held.
      expect((await reserveSignInAttempt(t.db, { email, ip: '192.0.2.50' }, policy, at(31))).allowed).toBe(true);
      await clearSignInPair(t.db, { email, ip: '192.0.2.50' }); // the password was right
      // A minute after the latest failure, a new network may try again; the next waits twice as long.
      expect((await reserveSignInAttempt(t.db, { email, ip: '203.0.113.1' }, policy, at(31 + MINUTE))).allowed).toBe(true);
      expect(await reserveSignInAttempt(t.db, { email, ip: '203.0.113.2' }, policy, at(32 + MINUTE))).toMatchObject({
        allowed: false,
        reason: 'account',
      });
      // Another account is not touched.
      expect((await reserveSignInAttempt(t.db, { email: 'other@example.com', ip: '203.0.113.2' }, policy, at(33 + MINUTE))).allowed).toBe(
        true,
      );
    });
  });
}
