import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import { listInbox } from '@/lib/db/repos/notifications/inbox';
import { unsubscribeFromRule, updateRule } from '@/lib/db/repos/notifications/rules';
import { startSmtpInbox, type SmtpInbox } from '@/lib/ops/smtp-inbox.test-support';
import { deliverNotification } from './deliver-notification';
import { orgWithSilenceRule } from './notifications-test-org.test-support';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0029');
vi.stubEnv('APP_URL', 'https://motorpool.example');

const message = {
  title: 'No data from veh-9 for 6 hours',
  body: 'Vehicle veh-9 last reported 2026-11-20T08:00:00.000Z.',
  vehicleId: 'veh-9',
};

describe('the e-mail channel, through a real SMTP server in the test', () => {
  const t = useTestDatabase('pglite');
  let smtp: SmtpInbox;
  const mailer = () => ({ transport: nodemailer.createTransport(smtp.smtpUrl), from: 'Motorpool <noreply@motorpool.example>' });

  beforeAll(async () => {
    smtp = await startSmtpInbox();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('mails each recipient a plain-text part with the link to the exact page and an unsubscribe link for the rule', async () => {
    const { org, manager, rule } = await orgWithSilenceRule(t.db, 'mailed', ['console', 'email']);
    const delivery = await deliverNotification(t.db, rule, message, { mailer: mailer() });
    expect(delivery).toEqual({ inbox: 1, mailed: 1 });
    const mail = await smtp.nextTo(manager.email);
    expect(mail.subject).toBe('[Fleet mailed] No data from veh-9 for 6 hours');
    expect(mail.text).toContain('Vehicle veh-9 last reported 2026-11-20T08:00:00.000Z.');
    expect(mail.text).toContain('Open it in Motorpool: https://motorpool.example/o/mailed/vehicles/veh-9');
    expect(mail.text).toContain(`Stop e-mail from this rule: https://motorpool.example/o/mailed/notifications/unsubscribe/${rule.id}`);
    // mailparser reads the header into its parts: the unsubscribe address is the rule's page.
    expect(JSON.stringify(mail.headers.get('list'))).toContain(`/o/mailed/notifications/unsubscribe/${rule.id}`);
    expect(mail.html).toContain('href="https://motorpool.example/o/mailed/vehicles/veh-9"');
    const [entry] = await listInbox(t.db, org.id, manager.id, { limit: 5 });
    expect(entry?.emailStatus).toBe('sent');
    // Only the rule's recipients: the admin is not a manager.
    expect(smtp.countTo(`admin@mailed.test`)).toBe(0);
  });

  it('sends no more mail to a member who unsubscribed from the rule', async () => {
    const { org, manager, rule } = await orgWithSilenceRule(t.db, 'unsubscribed', ['email']);
    await updateRule(t.db, org.id, rule.id, { recipients: { roles: ['manager', 'admin'], userIds: [], sender: false } });
    await unsubscribeFromRule(t.db, rule.id, manager.id);
    const current = { ...rule, recipients: { roles: ['manager' as const, 'admin' as const], userIds: [], sender: false } };
    expect(await deliverNotification(t.db, current, message, { mailer: mailer() })).toEqual({ inbox: 0, mailed: 1 });
    await smtp.nextTo('admin@unsubscribed.test');
    expect(smtp.countTo(manager.email)).toBe(0);
  });

  it('without SMTP, an e-mail rule writes what would have been sent to the inbox only', async () => {
    const { org, manager, rule } = await orgWithSilenceRule(t.db, 'nosmtp', ['email']);
    expect(await deliverNotification(t.db, rule, message, { mailer: null })).toEqual({ inbox: 1, mailed: 0 });
    const [entry] = await listInbox(t.db, org.id, manager.id, { limit: 5 });
    expect([entry?.title, entry?.emailStatus]).toEqual([message.title, null]);
    expect(smtp.countTo(manager.email)).toBe(0);
  });
});
