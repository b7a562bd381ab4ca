import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { countUnread, listInbox } from '@/lib/db/repos/notifications/inbox';
import { insertRule } from '@/lib/db/repos/notifications/rules';
import { createBulkJob, setBulkJobStatus, settleBulkItem } from '@/lib/db/repos/bulk-jobs';
import { UNKNOWN_OUTCOME } from '@/lib/bulk/retry';
import { recordPushedAlert } from '@/lib/db/repos/vehicle-snapshots/readings';
import { evaluateRules } from './evaluate-rules';
import { HOUR_MS, orgWithSilenceRule } from './notifications-test-org.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0029');

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`periodic notification rules on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const start = new Date('2026-11-20T08:00:00Z');
    const at = (hours: number) => new Date(start.getTime() + hours * HOUR_MS);

    it('tells a silent vehicle once, again when it reports, and again if it falls silent once more', async () => {
      const { org, manager, admin, seen } = await orgWithSilenceRule(t.db, 'silence');
      await seen('quiet-1', start);
      await seen('chatty-1', start);
      const pass = (hours: number) => evaluateRules(t.db, at(hours), { organizationId: org.id, mailer: null });

      expect(await pass(5)).toMatchObject({ opened: 0, cleared: 0 });
      await seen('chatty-1', at(5));
      expect(await pass(6)).toMatchObject({ opened: 1, cleared: 0 });
      // Still silent: the condition stays open, nothing new is told however many passes run.
      expect(await pass(7)).toMatchObject({ opened: 0, cleared: 0 });
      expect(await pass(8)).toMatchObject({ opened: 0, cleared: 0 });
      const told = await listInbox(t.db, org.id, manager.id, { limit: 10 });
      expect(told.map((n) => [n.title, n.vehicleId, n.cleared])).toEqual([['No data from quiet-1 for 6 hours', 'quiet-1', false]]);

      await seen('quiet-1', at(9));
      expect(await pass(9)).toMatchObject({ opened: 0, cleared: 1 });
      expect(await pass(10)).toMatchObject({ opened: 0, cleared: 0 });
      // chatty-1 last reported at 5 h: at 11 h it is silent for 6 hours too.
      expect(await pass(11)).toMatchObject({ opened: 1, cleared: 0 });
      await seen('chatty-1', at(11.5));
      expect(await pass(16)).toMatchObject({ opened: 1, cleared: 1 });
      const all = await listInbox(t.db, org.id, manager.id, { limit: 10 });
      expect(all.map((n) => [n.title, n.cleared]).reverse()).toEqual([
        ['No data from quiet-1 for 6 hours', false],
        ['quiet-1 reports again', true],
        ['No data from chatty-1 for 6 hours', false],
        // At 16 h quiet-1 (seen at 9 h) is silent again and chatty-1 (seen at 11.5 h) is not yet; chatty-1 cleared.
        ['No data from quiet-1 for 6 hours', false],
        ['chatty-1 reports again', true],
      ]);
      // Admins are not among this rule's recipients.
      expect(await countUnread(t.db, org.id, admin.id)).toBe(0);
    });

    it('tells the sender of a bulk job that left failed rows, naming the rows whose outcome is unknown apart from the failed', async () => {
      const { org, manager } = await orgWithSilenceRule(t.db, 'bulkfail');
      await insertRule(t.db, org.id, {
        name: 'Bulk failures',
        kind: 'bulk_failures',
        params: {},
        channels: ['console'],
        recipients: { roles: [], userIds: [], sender: true },
        enabled: true,
      });
      const finished = async (reasons: (string | null)[]) => {
        const vehicleIds = reasons.map((_, i) => `veh-bulk-${i}`);
        const job = await createBulkJob(t.db, {
          organizationId: org.id,
          createdBy: manager.id,
          createdByEmail: manager.email,
          action: 'command',
          args: { command: 'LOCK_DOORS' },
          selection: { mode: 'ids', vehicleIds },
          vehicleIds,
        });
        for (const [i, reason] of reasons.entries())
          await settleBulkItem(t.db, job.id, vehicleIds[i], reason === null ? 'done' : 'failed', { reason });
        await setBulkJobStatus(t.db, job.id, ['running'], 'done');
      };
      await finished([
        null,
        'OEM_VEHICLE_OFFLINE: The vehicle is offline',
        `NETWORK_ERROR: ${UNKNOWN_OUTCOME}`,
        `TIMEOUT: ${UNKNOWN_OUTCOME}`,
      ]);
      await finished([`NETWORK_ERROR: ${UNKNOWN_OUTCOME}`, null]);
      await finished([null, null]);
      await evaluateRules(t.db, new Date(), { organizationId: org.id, mailer: null });
      const told = await listInbox(t.db, org.id, manager.id, { limit: 10 });
      expect(told.map((n) => n.title).sort()).toEqual([
        'Bulk job finished with 1 failed, 2 outcome unknown of 4',
        'Bulk job finished with 1 outcome unknown of 2',
      ]);
    });

    it('tells an active alert at or above the rule’s severity once, and again when it comes back after ending', async () => {
      const { org, admin, seen } = await orgWithSilenceRule(t.db, 'alerts');
      await insertRule(t.db, org.id, {
        name: 'High alerts',
        kind: 'alert_severity',
        params: { severity: 'HIGH' },
        channels: ['console'],
        recipients: { roles: ['admin'], userIds: [], sender: false },
        enabled: true,
      });
      await seen('veh-a', at(1));
      const alert = (id: string, severity: string, active: boolean, hours: number) =>
        recordPushedAlert(t.db, org.id, 'veh-a', id, {
          active,
          muted: false,
          code: 'HV_SYSTEM_FAULT',
          severity,
          at: at(hours).toISOString(),
        });
      await alert('al-1', 'MEDIUM', true, 1);
      await alert('al-2', 'HIGH', true, 1);
      const pass = (hours: number) => evaluateRules(t.db, at(hours), { organizationId: org.id, mailer: null });
      await pass(1.5);
      await pass(2);
      await alert('al-2', 'HIGH', false, 3);
      await pass(3);
      await alert('al-2', 'HIGH', true, 4);
      await pass(4);
      const inbox = await listInbox(t.db, org.id, admin.id, { limit: 10 });
      expect(inbox.map((n) => n.title)).toEqual(['HIGH alert on veh-a', 'HIGH alert on veh-a']);
    });
  });
}
