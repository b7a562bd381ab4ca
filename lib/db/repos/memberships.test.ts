import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '../test-legs.test-support';
import {
  addMemberByEmail,
  changeMemberRole,
  ensureMembership,
  getMembershipBySlug,
  listMembers,
  listUserOrganizations,
  removeMember,
} from './memberships';
import { createOrganization } from './organizations';
import { createUser } from './users';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0003');

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`memberships on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const org = (slug: string) =>
      createOrganization(t.db, { slug, name: slug.toUpperCase(), apiBaseUrl: null, clientId: 'c', clientSecret: 's' });

    it('lists a user’s organizations, first joined first, and finds one by slug', async () => {
      const user = await createUser(t.db, { email: 'multi@example.com' });
      const first = await org('first');
      const second = await org('second');
      await ensureMembership(t.db, first.id, user.id, 'manager');
      await ensureMembership(t.db, second.id, user.id, 'support');
      const list = await listUserOrganizations(t.db, user.id);
      expect(list.map((m) => [m.organization.slug, m.role])).toEqual([
        ['first', 'manager'],
        ['second', 'support'],
      ]);
      expect(list[0].organization).not.toHaveProperty('clientSecretEncrypted');
      expect((await getMembershipBySlug(t.db, user.id, 'second'))?.role).toBe('support');
      expect(await getMembershipBySlug(t.db, user.id, 'other')).toBeUndefined();
    });

    it('adds by email, inviting someone without an account, and refuses a duplicate', async () => {
      const o = await org('adding');
      await createUser(t.db, { email: 'known@example.com', password: 'long enough password' });
      const known = await addMemberByEmail(t.db, o.id, 'Known@Example.com', 'manager');
      expect(known).toMatchObject({ invited: false, member: { email: 'known@example.com', role: 'manager', hasPassword: true } });
      const fresh = await addMemberByEmail(t.db, o.id, 'new@example.com', 'support');
      expect(fresh).toMatchObject({ invited: true, member: { email: 'new@example.com', hasPassword: false } });
      await expect(addMemberByEmail(t.db, o.id, 'known@example.com', 'admin')).rejects.toMatchObject({
        code: 'ALREADY_MEMBER',
        status: 409,
      });
      expect((await listMembers(t.db, o.id)).map((m) => m.email)).toEqual(['known@example.com', 'new@example.com']);
    });

    it('never lets the last admin be demoted or removed', async () => {
      const o = await org('guarded');
      const admin = await createUser(t.db, { email: 'only-admin@example.com' });
      const other = await createUser(t.db, { email: 'other@example.com' });
      await ensureMembership(t.db, o.id, admin.id, 'admin');
      await ensureMembership(t.db, o.id, other.id, 'manager');

      await expect(changeMemberRole(t.db, o.id, admin.id, 'manager')).rejects.toMatchObject({ code: 'LAST_ADMIN', status: 409 });
      await expect(removeMember(t.db, o.id, admin.id)).rejects.toMatchObject({ code: 'LAST_ADMIN' });

      await changeMemberRole(t.db, o.id, other.id, 'admin');
      await changeMemberRole(t.db, o.id, admin.id, 'support');
      await expect(removeMember(t.db, o.id, other.id)).rejects.toMatchObject({ code: 'LAST_ADMIN' });
      await removeMember(t.db, o.id, admin.id);
      expect((await listMembers(t.db, o.id)).map((m) => [m.email, m.role])).toEqual([['other@example.com', 'admin']]);
    });

    it('two admins demoting each other at once leave one admin', async () => {
      const o = await org('race');
      const a = await createUser(t.db, { email: 'race-a@example.com' });
      const b = await createUser(t.db, { email: 'race-b@example.com' });
      await ensureMembership(t.db, o.id, a.id, 'admin');
      await ensureMembership(t.db, o.id, b.id, 'admin');
      const results = await Promise.allSettled([
        changeMemberRole(t.db, o.id, a.id, 'manager'),
        changeMemberRole(t.db, o.id, b.id, 'manager'),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((await listMembers(t.db, o.id)).filter((m) => m.role === 'admin')).toHaveLength(1);
    });

    it('answers NOT_FOUND for someone who is not a member', async () => {
      const o = await org('empty');
      const stranger = await createUser(t.db, { email: 'stranger@example.com' });
      await expect(removeMember(t.db, o.id, stranger.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
  });
}
