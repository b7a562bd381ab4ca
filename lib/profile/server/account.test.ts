import { describe, expect, it, vi } from 'vitest';
import { getSessionState } from '@/lib/db/repos/sessions';
import { SIGN_IN_THROTTLE } from '@/lib/auth/server/sign-in-throttle';
import { createUser, verifyCredentials } from '@/lib/db/repos/users';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { changePassword } from './change-password';
import { endAllSessions } from './end-all-sessions';
import { createResetLink, resetPassword } from './reset-password';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0414');
vi.stubEnv('APP_URL', 'https://motorpool.example');
// Each test hashes and checks several passwords (scrypt): give a busy machine room.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const version = async (db: Parameters<typeof getSessionState>[0], userId: string) =>
  (await getSessionState(db, userId, 'any'))?.sessionVersion;

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`account on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('changes the password only with the right current one, refuses the email as password, and ends every session', async () => {
      const user = await createUser(t.db, { email: 'change@example.com', password: 'the old password' });
      await expect(
        changePassword({ user, currentPassword: 'wrong one', newPassword: 'the new password', ip: null }, t.db),
      ).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        body: { fields: [{ path: 'currentPassword', message: 'The current password is wrong' }] },
      });
      await expect(
        changePassword({ user, currentPassword: 'the old password', newPassword: 'CHANGE@example.com', ip: null }, t.db),
      ).rejects.toMatchObject({
        body: { fields: [{ path: 'newPassword', message: 'Do not use your email address as the password' }] },
      });
      expect(await version(t.db, user.id)).toBe(0);
      await changePassword({ user, currentPassword: 'the old password', newPassword: 'the new password', ip: null }, t.db);
      expect(await version(t.db, user.id)).toBe(1);
      expect(await verifyCredentials(t.db, user.email, 'the new password')).toBeDefined();
      expect(await verifyCredentials(t.db, user.email, 'the old password')).toBeUndefined();
    });

    it('guesses at the current password are throttled like sign-in attempts, per address', async () => {
      const user = await createUser(t.db, { email: 'guess@example.com', password: 'the old password' });
      // The sign-in policy with a long first delay, so a slow hash cannot outlast it.
      const throttle = { ...SIGN_IN_THROTTLE, baseDelayMs: 10 * 60_000 };
      const attempt = (currentPassword: string, ip: string) =>
        changePassword({ user, currentPassword, newPassword: 'the new password', ip }, t.db, throttle);
      for (let i = 0; i < 5; i++) await expect(attempt(`guess ${i}`, '203.0.113.9')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(attempt('the old password', '203.0.113.9')).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        body: { retryAfterSeconds: expect.any(Number) },
      });
      expect(await version(t.db, user.id)).toBe(0);
      await attempt('the old password', '198.51.100.7');
      expect(await version(t.db, user.id)).toBe(1);
    });

    it('"sign out everywhere" moves the session version', async () => {
      const user = await createUser(t.db, { email: 'everywhere@example.com' });
      await endAllSessions({ user, ip: null }, t.db);
      await endAllSessions({ user, ip: null }, t.db);
      expect(await version(t.db, user.id)).toBe(2);
    });

    it('an operator’s reset link works once, for an hour, and ends every session', async () => {
      const user = await createUser(t.db, { email: 'reset@example.com', password: 'forgotten password' });
      await expect(createResetLink(t.db, 'nobody@example.com')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const { url } = await createResetLink(t.db, 'reset@example.com');
      expect(url).toMatch(/^https:\/\/motorpool\.example\/reset-password\/[A-Za-z0-9_-]{43}$/);
      const token = url.split('/').pop()!;
      await resetPassword({ token, password: 'a fresh password', ip: null }, t.db);
      expect(await verifyCredentials(t.db, user.email, 'a fresh password')).toBeDefined();
      expect(await version(t.db, user.id)).toBe(1);
      await expect(resetPassword({ token, password: 'another password', ip: null }, t.db)).rejects.toMatchObject({
        code: 'RESET_INVALID',
        status: 410,
      });

      const expired = await createResetLink(t.db, 'reset@example.com', new Date(Date.now() - 2 * 3600_000));
      await expect(
        resetPassword({ token: expired.url.split('/').pop()!, password: 'too late password', ip: null }, t.db),
      ).rejects.toMatchObject({ code: 'RESET_INVALID' });
    });
  });
}
