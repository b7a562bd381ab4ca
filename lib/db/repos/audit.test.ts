import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { auditEvents, users } from '../schema';
import { databaseLegs, useTestDatabase } from '../test-legs.test-support';
import * as audit from './audit';
import { ensureMembership } from './memberships';
import { createOrganization } from './organizations';
import { createUser } from './users';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0004');

describe('audit module surface', () => {
  it('offers appending and reading only', () => {
    const exported = Object.keys(audit);
    expect(exported.filter((name) => /update|delete|remove|edit|purge|clear/i.test(name))).toEqual([]);
    expect(exported).toContain('appendAuditEvent');
    expect(exported).toContain('listAuditEvents');
  });
});

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`audit on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    let orgId = '';
    let otherOrgId = '';
    let aliceId = '';

    it('appends events', async () => {
      orgId = (await createOrganization(t.db, { slug: 'audited', name: 'Audited', apiBaseUrl: null, clientId: 'c', clientSecret: 's' })).id;
      otherOrgId = (
        await createOrganization(t.db, { slug: 'elsewhere', name: 'Elsewhere', apiBaseUrl: null, clientId: 'c', clientSecret: 's' })
      ).id;
      const alice = await createUser(t.db, { email: 'alice@example.com' });
      const bob = await createUser(t.db, { email: 'bob@example.com' });
      aliceId = alice.id;
      await ensureMembership(t.db, orgId, alice.id, 'admin');
      const base = { organizationId: orgId, outcome: 'success' as const };
      const start = Date.UTC(2026, 0, 1);
      // Explicit order through separate inserts; timestamps come from the clock, so paging is checked on order, not values.
      for (let i = 0; i < 12; i++) {
        const actor = i % 2 === 0 ? alice : bob;
        await audit.appendAuditEvent(t.db, {
          ...base,
          actorUserId: actor.id,
          actorEmail: actor.email,
          action: i % 3 === 0 ? 'commands.send' : 'tags.write',
          targetType: 'vehicle',
          targetId: `veh-${i % 4}`,
          outcome: i === 5 ? 'failure' : 'success',
          upstreamRequestId: `req-${i}`,
          details: { i, start },
        });
      }
      await audit.appendAuditEvent(t.db, {
        organizationId: otherOrgId,
        actorEmail: 'alice@example.com',
        action: 'tags.write',
        outcome: 'success',
      });
      await audit.appendAuditEvent(t.db, {
        actorUserId: alice.id,
        actorEmail: 'alice@example.com',
        action: 'auth.sign_in',
        outcome: 'success',
        ip: '10.0.0.1',
      });
      await audit.appendAuditEvent(t.db, {
        actorUserId: bob.id,
        actorEmail: 'bob@example.com',
        action: 'auth.sign_in',
        outcome: 'success',
      });
    });

    it('pages newest first with a keyset cursor, without gaps or repeats', async () => {
      const seen: number[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const result = await audit.listAuditEvents(t.db, { organizationId: orgId, includeMemberSignIns: false, limit: 5, cursor });
        seen.push(...result.events.map((e) => (e.details as { i: number }).i));
        if (!result.nextCursor) break;
        cursor = result.nextCursor;
      }
      expect(seen).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    });

    it('filters by actor, action, target, outcome and time', async () => {
      const list = (filter: audit.AuditFilter) =>
        audit
          .listAuditEvents(t.db, { organizationId: orgId, includeMemberSignIns: false, ...filter })
          .then((p) => p.events.map((e) => (e.details as { i: number }).i));
      expect(await list({ actor: 'ALICE' })).toEqual([10, 8, 6, 4, 2, 0]);
      expect(await list({ action: 'commands.send' })).toEqual([9, 6, 3, 0]);
      expect(await list({ action: 'commands.*' })).toEqual([9, 6, 3, 0]);
      expect(await list({ target: 'veh-1' })).toEqual([9, 5, 1]);
      expect(await list({ targetType: 'vehicle', targetId: 'veh-2' })).toEqual([10, 6, 2]);
      expect(await list({ outcome: 'failure' })).toEqual([5]);
      expect(await list({ actor: 'al%' })).toEqual([]);
      const all = (await audit.listAuditEvents(t.db, { organizationId: orgId, includeMemberSignIns: false })).events;
      expect(await list({ from: new Date(Date.now() + 60_000) })).toEqual([]);
      expect((await list({ to: new Date(all[0].createdAt.getTime() + 1) })).length).toBe(12);
      expect(await list({ to: new Date(all[all.length - 1].createdAt.getTime()) })).toEqual([]);
    });

    it('shows the sign-ins of the organization’s members, not of others, and never another organization’s events', async () => {
      const page = await audit.listAuditEvents(t.db, { organizationId: orgId, action: 'auth.*' });
      expect(page.events.map((e) => [e.actorUserId, e.ip])).toEqual([[aliceId, '10.0.0.1']]);
      const other = await audit.listAuditEvents(t.db, { organizationId: otherOrgId });
      expect(other.events.map((e) => e.organizationId)).toEqual([otherOrgId]);
    });

    it('shows a member’s sign-ins only from when they joined: their addresses before are not the organization’s', async () => {
      const carol = await createUser(t.db, { email: 'carol@example.com' });
      const signIn = (ip: string) =>
        audit.appendAuditEvent(t.db, { actorUserId: carol.id, actorEmail: carol.email, action: 'auth.sign_in', outcome: 'success', ip });
      await signIn('198.51.100.1');
      // Joined a moment later (timestamps come from the clock: make the order certain).
      await new Promise((resolve) => setTimeout(resolve, 5));
      await ensureMembership(t.db, otherOrgId, carol.id, 'manager');
      await new Promise((resolve) => setTimeout(resolve, 5));
      await signIn('198.51.100.2');
      const page = await audit.listAuditEvents(t.db, { organizationId: otherOrgId, action: 'auth.*' });
      expect(page.events.map((e) => e.ip)).toEqual(['198.51.100.2']);
    });

    it('the database itself refuses to update, delete or truncate an entry', async () => {
      await expect(t.db.update(auditEvents).set({ outcome: 'failure' })).rejects.toThrow();
      await expect(t.db.delete(auditEvents)).rejects.toThrow();
      await expect(t.db.execute(sql`truncate audit_events`)).rejects.toThrow();
      expect((await audit.listAuditEvents(t.db, { organizationId: orgId, includeMemberSignIns: false })).events).toHaveLength(12);
    });

    it('keeps entries of a user deleted since, with their email', async () => {
      const gone = await createUser(t.db, { email: 'gone@example.com' });
      await audit.appendAuditEvent(t.db, {
        organizationId: orgId,
        actorUserId: gone.id,
        actorEmail: gone.email,
        action: 'tags.write',
        outcome: 'success',
      });
      await t.db.delete(users).where(eq(users.id, gone.id));
      const [entry] = (await audit.listAuditEvents(t.db, { organizationId: orgId, actor: 'gone@' })).events;
      expect(entry).toMatchObject({ actorUserId: gone.id, actorEmail: 'gone@example.com' });
    });

    it('rejects a forged cursor', async () => {
      await expect(audit.listAuditEvents(t.db, { organizationId: orgId, cursor: 'not-a-cursor' })).rejects.toMatchObject({
        code: 'INVALID_CURSOR',
        status: 400,
      });
    });
  });
}
