import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '../test-legs.test-support';
import { createUser, ensureUser, findUserByEmail, findUserById, setUserPassword, verifyCredentials } from './users';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0001');

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`users on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('stores the email in lower case and never returns the hash', async () => {
      const user = await createUser(t.db, { email: '  Ada@Example.COM ', name: 'Ada', password: 'correct horse battery' });
      expect(user.email).toBe('ada@example.com');
      expect(user.hasPassword).toBe(true);
      expect(user).not.toHaveProperty('passwordHash');
      expect((await findUserByEmail(t.db, 'ADA@example.com'))?.id).toBe(user.id);
      expect((await findUserById(t.db, user.id))?.name).toBe('Ada');
    });

    it('refuses a second user with the same email', async () => {
      await expect(createUser(t.db, { email: 'ada@example.com' })).rejects.toMatchObject({ code: 'EMAIL_TAKEN', status: 409 });
    });

    it('verifies the right password and rejects a wrong one or an unknown email', async () => {
      expect((await verifyCredentials(t.db, 'ada@example.com', 'correct horse battery'))?.email).toBe('ada@example.com');
      expect(await verifyCredentials(t.db, 'ada@example.com', 'correct horse battery!')).toBeUndefined();
      expect(await verifyCredentials(t.db, 'nobody@example.com', 'correct horse battery')).toBeUndefined();
    });

    it('an invited user without a password cannot sign in until one is set', async () => {
      const { user, created } = await ensureUser(t.db, { email: 'invitee@example.com' });
      expect(created).toBe(true);
      expect(user.hasPassword).toBe(false);
      expect(await verifyCredentials(t.db, 'invitee@example.com', '')).toBeUndefined();
      expect((await ensureUser(t.db, { email: 'INVITEE@example.com' })).created).toBe(false);
      await setUserPassword(t.db, user.id, 'a new long password');
      expect((await verifyCredentials(t.db, 'invitee@example.com', 'a new long password'))?.id).toBe(user.id);
    });
  });
}
