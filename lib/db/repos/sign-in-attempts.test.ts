import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '../test-legs.test-support';
import {
  clearSignInPair,
  countRecentAttempts,
  pairDelayMs,
  pruneSignInAttempts,
  reserveSignInAttempt,
  SIGN_IN_THROTTLE,
  type ThrottlePolicy,
} from './sign-in-attempts';

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
  });
}
