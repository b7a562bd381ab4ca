import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '../test-legs';
import { checkSignInThrottle, clearSignInFailures, countRecentFailures, pruneSignInAttempts, recordSignInFailure, SIGN_IN_THROTTLE } from './sign-in-attempts';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0007');

const MINUTE = 60_000;

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`sign-in throttle on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const now = new Date('2026-11-22T12:00:00.000Z');
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);

    it('blocks an account after 5 failures in 15 minutes and says how long to wait', async () => {
      for (const minutesAgo of [20, 10, 8, 6, 4]) await recordSignInFailure(t.db, { email: 'Target@Example.com', ip: '10.0.0.1' }, at(minutesAgo));
      expect(await countRecentFailures(t.db, { email: 'target@example.com', ip: '10.0.0.1' }, SIGN_IN_THROTTLE, now)).toEqual({ account: 4, ip: 4 });
      expect(await checkSignInThrottle(t.db, { email: 'target@example.com' }, SIGN_IN_THROTTLE, now)).toEqual({ allowed: true });
      await recordSignInFailure(t.db, { email: 'target@example.com', ip: '10.0.0.2' }, at(1));
      // The oldest counted failure (10 minutes ago) leaves the window in 5 minutes.
      expect(await checkSignInThrottle(t.db, { email: 'TARGET@example.com', ip: '10.0.0.9' }, SIGN_IN_THROTTLE, now)).toEqual({
        allowed: false,
        reason: 'account',
        retryAfterSeconds: 300,
      });
    });

    it('blocks an address after 20 failures across accounts', async () => {
      for (let i = 0; i < 19; i++) await recordSignInFailure(t.db, { email: `user${i}@example.com`, ip: '192.0.2.7' }, at(2));
      expect((await checkSignInThrottle(t.db, { email: 'fresh@example.com', ip: '192.0.2.7' }, SIGN_IN_THROTTLE, now)).allowed).toBe(true);
      await recordSignInFailure(t.db, { email: 'another@example.com', ip: '192.0.2.7' }, at(1));
      expect(await checkSignInThrottle(t.db, { email: 'fresh@example.com', ip: '192.0.2.7' }, SIGN_IN_THROTTLE, now)).toMatchObject({ allowed: false, reason: 'ip' });
      expect((await checkSignInThrottle(t.db, { email: 'fresh@example.com', ip: '192.0.2.8' }, SIGN_IN_THROTTLE, now)).allowed).toBe(true);
    });

    it('a success clears the account’s failures but not the address’s', async () => {
      await clearSignInFailures(t.db, 'target@example.com');
      expect(await countRecentFailures(t.db, { email: 'target@example.com', ip: '192.0.2.7' }, SIGN_IN_THROTTLE, now)).toEqual({ account: 0, ip: 20 });
    });

    it('prunes what left the window', async () => {
      expect(await pruneSignInAttempts(t.db, SIGN_IN_THROTTLE, now)).toBe(0);
      expect(await pruneSignInAttempts(t.db, SIGN_IN_THROTTLE, new Date(now.getTime() + 30 * MINUTE))).toBeGreaterThan(0);
    });
  });
}
