import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { recordCommandRequested } from '@/lib/db/repos/command-executions';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { countUnread, listInbox } from '@/lib/db/repos/notifications/inbox';
import { listRules, updateRule } from '@/lib/db/repos/notifications/rules';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { notifyCommandOutcome } from './notify-command-outcome';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0029');

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`command outcome notifications on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const setup = async (slug: string) => {
      const org = await createOrganization(t.db, { slug, name: slug, apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      const sender = await createUser(t.db, { email: `sender@${slug}.test` });
      const admin = await createUser(t.db, { email: `admin@${slug}.test` });
      await ensureMembership(t.db, org.id, sender.id, 'manager');
      await ensureMembership(t.db, org.id, admin.id, 'admin');
      const execution = await recordCommandRequested(t.db, {
        organizationId: org.id,
        vehicleId: 'veh-1',
        command: 'LOCK',
        requestedBy: sender.id,
      });
      return { org, sender, admin, execution };
    };

    it('gives every new organization the default rules (commands to the sender, critical alerts and stopped events to admins)', async () => {
      const { org } = await setup('defaults');
      const rules = await listRules(t.db, org.id);
      expect(rules.map((r) => [r.defaultKey, r.kind, r.params, r.recipients, r.enabled])).toEqual([
        ['critical-alerts-to-admins', 'alert_severity', { severity: 'CRITICAL' }, { roles: ['admin'], userIds: [], sender: false }, true],
        ['commands-to-sender', 'command_failed', { includeUnknown: true }, { roles: [], userIds: [], sender: true }, true],
        ['events-stopped-to-admins', 'events_stopped', { hours: 1 }, { roles: ['admin'], userIds: [], sender: false }, true],
      ]);
    });

    it('tells the sender once per execution, however many paths report the same failure', async () => {
      const { org, sender, admin, execution } = await setup('once');
      const words = { commandLabel: 'Lock', reason: 'The vehicle is offline.' };
      const told = await Promise.all([1, 2, 3].map(() => notifyCommandOutcome(t.db, execution, 'failed', words, { mailer: null })));
      expect(told.sort()).toEqual([0, 0, 1]);
      const inbox = await listInbox(t.db, org.id, sender.id, { limit: 10 });
      expect(inbox.map((n) => [n.title, n.body, n.vehicleId, n.executionId])).toEqual([
        ['Lock failed', 'The command failed on vehicle veh-1: The vehicle is offline.', 'veh-1', execution.id],
      ]);
      expect(await countUnread(t.db, org.id, admin.id)).toBe(0);
    });

    it('leaves unknown outcomes to rules that ask for them, and commands outside a rule’s list alone', async () => {
      const { org, sender, execution } = await setup('filters');
      const rule = (await listRules(t.db, org.id)).find((r) => r.kind === 'command_failed');
      await updateRule(t.db, org.id, rule!.id, { params: { includeUnknown: false } });
      expect(await notifyCommandOutcome(t.db, execution, 'unknown', { commandLabel: 'Lock' }, { mailer: null })).toBe(0);
      await updateRule(t.db, org.id, rule!.id, { params: { includeUnknown: true, commands: ['UNLOCK'] } });
      expect(await notifyCommandOutcome(t.db, execution, 'unknown', { commandLabel: 'Lock' }, { mailer: null })).toBe(0);
      await updateRule(t.db, org.id, rule!.id, { params: { includeUnknown: true, commands: ['LOCK'] } });
      expect(await notifyCommandOutcome(t.db, execution, 'unknown', { commandLabel: 'Lock' }, { mailer: null })).toBe(1);
      expect((await listInbox(t.db, org.id, sender.id, { limit: 10 }))[0]!.title).toBe('Lock: outcome unknown');
    });

    it('tells nobody when the rule is off', async () => {
      const { org, execution } = await setup('off');
      const rule = (await listRules(t.db, org.id)).find((r) => r.kind === 'command_failed');
      await updateRule(t.db, org.id, rule!.id, { enabled: false });
      expect(await notifyCommandOutcome(t.db, execution, 'failed', { commandLabel: 'Lock' }, { mailer: null })).toBe(0);
    });
  });
}
