import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import { saveDeliveryPreferences } from '@/lib/db/repos/notifications/delivery';
import { listInbox } from '@/lib/db/repos/notifications/inbox';
import { insertRule } from '@/lib/db/repos/notifications/rules';
import { recordPushedAlert } from '@/lib/db/repos/vehicle-snapshots/readings';
import { startSmtpInbox, type SmtpInbox } from '@/lib/ops/smtp-inbox.test-support';
import { DEFAULT_DELIVERY } from '../delivery-timing';
import { evaluateRules } from './evaluate-rules';
import { HOUR_MS, orgWithSilenceRule } from './notifications-test-org.test-support';
import { sendDigests } from './send-digests';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0029');
vi.stubEnv('APP_URL', 'https://motorpool.example');

describe('quiet hours hold e-mail for one digest, delivered to a real SMTP server', () => {
  const t = useTestDatabase('pglite');
  let smtp: SmtpInbox;
  const mailer = () => ({ transport: nodemailer.createTransport(smtp.smtpUrl), from: 'Motorpool <noreply@motorpool.example>' });

  beforeAll(async () => {
    smtp = await startSmtpInbox();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('holds the night’s mail, fills the inbox at once, mails a critical alert through, and sends one grouped digest at 07:00', async () => {
    const { org, manager, seen } = await orgWithSilenceRule(t.db, 'nightly', ['email']);
    await insertRule(t.db, org.id, {
      name: 'Disconnected',
      kind: 'vehicle_disconnected',
      params: {},
      channels: ['email'],
      recipients: { roles: ['manager'], userIds: [], sender: false },
      enabled: true,
    });
    await insertRule(t.db, org.id, {
      name: 'Critical alerts',
      kind: 'alert_severity',
      params: { severity: 'CRITICAL' },
      channels: ['email'],
      recipients: { roles: ['manager'], userIds: [], sender: false },
      enabled: true,
    });
    await saveDeliveryPreferences(t.db, manager.id, {
      ...DEFAULT_DELIVERY,
      timeZone: 'Europe/Berlin',
      quietStart: '22:00',
      quietEnd: '07:00',
    });
    // 20 November 2026, Berlin is UTC+1: the evening pass at 23:00 local, the morning ones at 06:59 and 07:00 local.
    const evening = new Date('2026-11-20T22:00:00Z');
    await seen('quiet-1', new Date(evening.getTime() - 7 * HOUR_MS));
    await seen('quiet-2', new Date(evening.getTime() - 8 * HOUR_MS));
    await recordPushedAlert(t.db, org.id, 'quiet-2', 'al-9', {
      active: true,
      muted: false,
      code: 'HV_FAULT',
      severity: 'CRITICAL',
      at: evening.toISOString(),
    });
    const options = { organizationId: org.id, mailer: mailer() };
    await evaluateRules(t.db, evening, options);

    // The critical alert is urgent: mailed at once despite quiet hours.
    const urgent = await smtp.nextTo(manager.email);
    expect(urgent.subject).toBe('[Fleet nightly] CRITICAL alert on quiet-2');
    // The two silent vehicles are held, yet in the inbox at once (marked held).
    const inbox = await listInbox(t.db, org.id, manager.id, { limit: 10 });
    expect(
      inbox
        .filter((n) => n.emailStatus === 'held')
        .map((n) => n.title)
        .sort(),
    ).toEqual(['No data from quiet-1 for 6 hours', 'No data from quiet-2 for 6 hours']);
    // A vehicle disconnected later in the night joins the same digest.
    await t.db.execute(sql`update vehicle_snapshots set connection_status = 'DISCONNECTED' where vehicle_id = 'quiet-1'`);
    await evaluateRules(t.db, new Date('2026-11-21T02:00:00Z'), options);

    expect(await sendDigests(t.db, new Date('2026-11-21T05:59:00Z'), { mailer: mailer() })).toEqual({ members: 0, mails: 0, items: 0 });
    expect(smtp.countTo(manager.email)).toBe(1);
    expect(await sendDigests(t.db, new Date('2026-11-21T06:00:00Z'), { mailer: mailer() })).toEqual({ members: 1, mails: 1, items: 3 });
    const digest = await smtp.nextTo(manager.email, { skip: 1 });
    expect(digest.subject).toBe('[Fleet nightly] Digest: 3 notifications');
    expect(digest.text).toContain(
      [
        'No data for a number of hours (2)',
        '- No data from quiet-1 for 6 hours',
        `  Vehicle quiet-1 last reported ${new Date(evening.getTime() - 7 * HOUR_MS).toISOString()}.`,
        '  https://motorpool.example/o/nightly/vehicles/quiet-1',
        '- No data from quiet-2 for 6 hours',
        `  Vehicle quiet-2 last reported ${new Date(evening.getTime() - 8 * HOUR_MS).toISOString()}.`,
        '  https://motorpool.example/o/nightly/vehicles/quiet-2',
      ].join('\n'),
    );
    expect(digest.text).toContain(['Vehicle disconnected (1)', '- quiet-1 disconnected'].join('\n'));
    expect(digest.text).toContain('Every notification: https://motorpool.example/o/nightly/notifications');
    expect(digest.html).toContain('href="https://motorpool.example/o/nightly/vehicles/quiet-1"');
    // Sent once: a later pass finds nothing held.
    expect(await sendDigests(t.db, new Date('2026-11-21T06:01:00Z'), { mailer: mailer() })).toEqual({ members: 0, mails: 0, items: 0 });
    expect(smtp.countTo(manager.email)).toBe(2);
  });

  it('mails at once a member without preferences (nothing held)', async () => {
    const { org, manager, seen } = await orgWithSilenceRule(t.db, 'daytime', ['email']);
    const now = new Date('2026-11-20T12:00:00Z');
    await seen('veh-1', new Date(now.getTime() - 7 * HOUR_MS));
    await evaluateRules(t.db, now, { organizationId: org.id, mailer: mailer() });
    expect((await smtp.nextTo(manager.email)).subject).toBe('[Fleet daytime] No data from veh-1 for 6 hours');
    expect(await sendDigests(t.db, now, { mailer: mailer() })).toEqual({ members: 0, mails: 0, items: 0 });
  });
});
