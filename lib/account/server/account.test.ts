import { describe, expect, it, vi } from 'vitest';
import { getSessionState } from '@/lib/db/repos/sessions';
import { createUser, verifyCredentials } from '@/lib/db/repos/users';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs';
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
        changePassword(t.db, { user, currentPassword: 'wrong one', newPassword: 'the new password', ip: null }),
      ).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        body: { fields: { currentPassword: ['The current password is wrong'] } },
      });
      await expect(
        changePassword(t.db, { user, currentPassword: 'the old password', newPassword: 'CHANGE@example.com', ip: null }),
      ).rejects.toMatchObject({
        body: { fields: { newPassword: ['Do not use your email address as the password'] } },
      });
      expect(await version(t.db, user.id)).toBe(0);
      await changePassword(t.db, { user, currentPassword: 'the old password', newPassword: 'the new password', ip: null });
      expect(await version(t.db, user.id)).toBe(1);
      expect(await verifyCredentials(t.db, user.email, 'the new password')).toBeDefined();
      expect(await verifyCredentials(t.db, user.email, 'the old password')).toBeUndefined();
    });

    it('"sign out everywhere" moves the session version', async () => {
      const user = await createUser(t.db, { email: 'everywhere@example.com' });
      await endAllSessions(t.db, { user, ip: null });
      await endAllSessions(t.db, { user, ip: null });
      expect(await version(t.db, user.id)).toBe(2);
    });

    it('an operator’s reset link works once, for an hour, and ends every session', async () => {
      const user = await createUser(t.db, { email: 'reset@example.com', password: 'forgotten password' });
      await expect(createResetLink(t.db, 'nobody@example.com')).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const { url } = await createResetLink(t.db, 'reset@example.com');
      expect(url).toMatch(/^https:\/\/motorpool\.example\/reset-password\/[A-Za-z0-9_-]{43}$/);
      const token = url.split('/').pop()!;
      await resetPassword(t.db, { token, password: 'a fresh password', ip: null });
      expect(await verifyCredentials(t.db, user.email, 'a fresh password')).toBeDefined();
      expect(await version(t.db, user.id)).toBe(1);
      await expect(resetPassword(t.db, { token, password: 'another password', ip: null })).rejects.toMatchObject({
        code: 'RESET_INVALID',
        status: 410,
      });

      const expired = await createResetLink(t.db, 'reset@example.com', new Date(Date.now() - 2 * 3600_000));
      await expect(
        resetPassword(t.db, { token: expired.url.split('/').pop()!, password: 'too late password', ip: null }),
      ).rejects.toMatchObject({ code: 'RESET_INVALID' });
    });
  });
}
