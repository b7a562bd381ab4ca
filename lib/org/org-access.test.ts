import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DbHandle } from '@/lib/db';
import { ensureMembership, removeMember } from '@/lib/db/repos/memberships';
import { createOrganization, setSecondFactorRequirement } from '@/lib/db/repos/organizations';
import { deletePasskey, insertPasskey } from '@/lib/db/repos/passkeys';
import { confirmTotp, deleteTotp, savePendingTotp } from '@/lib/db/repos/second-factors';
import { bumpSessionVersion, recordSession, revokeSession, setUserDisabled } from '@/lib/db/repos/sessions';
import { endSignedInSession, listSignedInSessions } from '@/lib/profile/server/manage-sessions';
import { createUser, setUserPassword } from '@/lib/db/repos/users';
import { createTestDatabase, openTestPglite, postgresAvailable, type TestDatabase } from '@/lib/db/testing.test-support';

const SECRET = 'test-secret-test-secret-test-secret-0412';
vi.stubEnv('AUTH_SECRET', SECRET);
// Each test hashes and checks several passwords (scrypt): give a busy machine room.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

const state = vi.hoisted(() => ({ handle: undefined as unknown, cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => state.cookies }) }));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getDbHandle: () => state.handle,
  getDb: () => (state.handle as DbHandle).db,
}));

const { loadOrgAccess } = await import('./org-access');
const { getSessionUser } = await import('@/lib/auth/session');

async function signIn(uid: string, sid: string, sv: number) {
  const token = await encode({ token: { uid, sid, sv, sat: Math.floor(Date.now() / 1000) }, secret: SECRET, maxAge: 3600 });
  state.cookies = [{ name: 'next-auth.session-token', value: token }];
}

const unauthenticated = { code: 'UNAUTHENTICATED', status: 401 };

const legs: Array<{
  kind: string;
  available: () => Promise<boolean>;
  open: () => Promise<{ handle: DbHandle; close: () => Promise<void> }>;
}> = [
  {
    kind: 'pglite (cached access)',
    available: async () => true,
    open: async () => {
      const handle = await openTestPglite({ migrated: true });
      return { handle, close: () => handle.close() };
    },
  },
  {
    kind: 'postgres (one query per request)',
    available: postgresAvailable,
    open: async () => {
      const database: TestDatabase = await createTestDatabase('postgres');
      return { handle: { db: database.db, kind: 'postgres', close: () => database.close() }, close: () => database.close() };
    },
  },
];

for (const leg of legs) {
  describe.skipIf(!(await leg.available()))(`ending sessions on ${leg.kind}`, () => {
    let close: () => Promise<void>;
    beforeAll(async () => {
      const opened = await leg.open();
      state.handle = opened.handle;
      close = opened.close;
    });
    afterAll(() => close());

    const db = () => (state.handle as DbHandle).db;
    const setUp = async (slug: string) => {
      const org = await createOrganization(db(), { slug, name: slug, apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      const user = await createUser(db(), { email: `${slug}@example.com`, password: 'a long enough password' });
      await ensureMembership(db(), org.id, user.id, 'manager');
      return { org, user };
    };

    it('refuses a signed-out session at once, even right after it was served (and cached)', async () => {
      const { user } = await setUp('signout');
      await signIn(user.id, 'sid-a', 0);
      expect((await loadOrgAccess('signout')).user.id).toBe(user.id);
      expect((await getSessionUser())?.id).toBe(user.id);
      await revokeSession(db(), { sid: 'sid-a', userId: user.id, expiresAt: new Date(Date.now() + 3600_000) });
      await expect(loadOrgAccess('signout')).rejects.toMatchObject(unauthenticated);
      expect(await getSessionUser()).toBeNull();
      // Another session of the same user is not affected.
      await signIn(user.id, 'sid-b', 0);
      expect((await loadOrgAccess('signout')).role).toBe('manager');
    });

    it('refuses a session ended from the person’s list of sessions at its next request, even right after it was served', async () => {
      const { user } = await setUp('listed');
      const expiresAt = new Date(Date.now() + 3600_000);
      for (const sid of ['sid-desk', 'sid-phone'])
        await recordSession(db(), { sid, userId: user.id, sessionVersion: 0, userAgent: null, ip: null, expiresAt });
      await signIn(user.id, 'sid-phone', 0);
      expect((await loadOrgAccess('listed')).role).toBe('manager');
      const { sessions } = await listSignedInSessions({ user, sessionId: 'sid-desk' }, db());
      const phone = sessions.find((s) => !s.thisDevice)!;
      await endSignedInSession({ user, sessionId: 'sid-desk', id: phone.id, ip: null }, db());
      await expect(loadOrgAccess('listed')).rejects.toMatchObject(unauthenticated);
      expect(await getSessionUser()).toBeNull();
      await signIn(user.id, 'sid-desk', 0);
      expect((await loadOrgAccess('listed')).role).toBe('manager');
    });

    it('refuses every older session once the session version moved (sign out everywhere, password change)', async () => {
      const { user } = await setUp('version');
      await signIn(user.id, 'sid-v', 0);
      expect((await loadOrgAccess('version')).role).toBe('manager');
      expect(await bumpSessionVersion(db(), user.id)).toBe(1);
      await expect(loadOrgAccess('version')).rejects.toMatchObject(unauthenticated);
      await signIn(user.id, 'sid-v2', 1);
      expect((await loadOrgAccess('version')).role).toBe('manager');
      await setUserPassword(db(), user.id, 'another long password', { endSessions: true });
      await expect(loadOrgAccess('version')).rejects.toMatchObject(unauthenticated);
      expect(await getSessionUser()).toBeNull();
    });

    it('refuses a disabled user’s session, and every session once they leave their last organization', async () => {
      const { user } = await setUp('disable');
      await signIn(user.id, 'sid-d', 0);
      expect((await loadOrgAccess('disable')).role).toBe('manager');
      await setUserDisabled(db(), user.email, true);
      await expect(loadOrgAccess('disable')).rejects.toMatchObject(unauthenticated);

      const { org: first, user: other } = await setUp('leaver');
      const second = await createOrganization(db(), { slug: 'leaver-2', name: 'L2', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      await ensureMembership(db(), second.id, other.id, 'support');
      await signIn(other.id, 'sid-l', 0);
      await removeMember(db(), second.id, other.id);
      // Still in one organization: the session goes on.
      expect((await loadOrgAccess('leaver')).role).toBe('manager');
      expect((await getSessionUser())?.id).toBe(other.id);
      await removeMember(db(), first.id, other.id);
      expect(await getSessionUser()).toBeNull();
    });

    it('refuses admins and managers without a second factor where the organization requires one, at once and not support staff', async () => {
      const { org, user: manager } = await setUp('strict');
      const support = await createUser(db(), { email: 'strict-support@example.com' });
      await ensureMembership(db(), org.id, support.id, 'support');
      await signIn(manager.id, 'sid-s', 0);
      expect((await loadOrgAccess('strict')).role).toBe('manager');
      await setSecondFactorRequirement(db(), org.id, true);
      await expect(loadOrgAccess('strict')).rejects.toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', status: 403 });
      // An enrolment waiting for its first code is not a second factor.
      await savePendingTotp(db(), manager.id, 'JBSWY3DPEHPK3PXP');
      await expect(loadOrgAccess('strict')).rejects.toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
      await confirmTotp(db(), manager.id, 1, ['h']);
      expect((await loadOrgAccess('strict')).role).toBe('manager');
      // Removing it shuts the door again, even for an answer cached a moment ago.
      await deleteTotp(db(), manager.id);
      await expect(loadOrgAccess('strict')).rejects.toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
      // A passkey meets the requirement as well, and its removal shuts the door again.
      await insertPasskey(db(), { id: 'cred-strict', userId: manager.id, name: 'Key', publicKey: 'pk', counter: 0, transports: [] });
      expect((await loadOrgAccess('strict')).role).toBe('manager');
      await deletePasskey(db(), manager.id, 'cred-strict');
      await expect(loadOrgAccess('strict')).rejects.toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });
      await signIn(support.id, 'sid-sup', 0);
      expect((await loadOrgAccess('strict')).role).toBe('support');
    });

    it('refuses a token from before sessions could be ended (no sid or version)', async () => {
      const { user } = await setUp('legacy');
      state.cookies = [{ name: 'next-auth.session-token', value: await encode({ token: { uid: user.id }, secret: SECRET, maxAge: 3600 }) }];
      await expect(loadOrgAccess('legacy')).rejects.toMatchObject(unauthenticated);
    });
  });
}
