import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearerRequest, useScopedCredential } from '@/lib/bff/bearer-access.test-support';
import { CONSOLE_URL, stubRouteEnv } from '@/lib/bff/route-env.test-support';
import { ROLE_PERMISSIONS } from '@/lib/auth/permissions';
import { startSmtpInbox, type SmtpInbox } from '@/lib/ops/smtp-inbox.test-support';
import { scheduledPeriodKey } from '@/lib/reports/schedule';
import {
  otherOrganizationSchedule,
  scheduleAudit,
  scheduleRecipients,
  storedSchedules,
} from '@/lib/reports/server/report-schedules.test-support';

/**
 * "Send now" on a scheduled report: reports.write (managers and admins) mails the last complete
 * period's report to the recipients at once through a real SMTP server, without moving the next
 * run, audited; support is refused, another organization's schedule is not found, and a console
 * without SMTP says so.
 */
stubRouteEnv();

const state = vi.hoisted(() => ({ db: undefined as unknown, smtpUrl: undefined as string | undefined }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => [] }) }));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getDb: () => state.db,
  getDbHandle: () => ({ db: state.db }),
}));
// The console's SMTP settings, per test: a real transport to the test's inbox, or none.
vi.mock('@/lib/ops/mail', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  configuredMailer: () =>
    state.smtpUrl ? { transport: nodemailer.createTransport(state.smtpUrl), from: 'Motorpool <noreply@console.test>' } : undefined,
}));

const schedules = await import('../../route');
const send = await import('./route');
const unsubscribe = await import('../unsubscribe/route');

const context = (params: Record<string, string> = {}) => ({ params: Promise.resolve({ org: 'sendnow', ...params }) });
const url = (path = '') => `${CONSOLE_URL}/api/o/sendnow/reports/schedules${path}`;

let smtp: SmtpInbox;
beforeAll(async () => {
  smtp = await startSmtpInbox();
});
afterAll(async () => {
  await smtp?.close();
});

describe('sending a scheduled report now, as a manager’s credential', () => {
  const credential = useScopedCredential('sendnow', (d) => (state.db = d), ROLE_PERMISSIONS.manager);
  const sendNow = (id: string) =>
    send.POST(bearerRequest(url(`/${id}/send`), credential.secret(), { method: 'POST' }), context({ scheduleId: id }));

  it('mails the last complete month to each recipient at once, keeps the next run, audits; says when no SMTP is set up', async () => {
    const { admin, support } = await scheduleRecipients(state.db, credential.organizationId());
    const created = await schedules.POST(
      bearerRequest(url(), credential.secret(), {
        method: 'POST',
        body: { frequency: 'monthly', recipientIds: [admin.userId, support.id] },
      }),
      context(),
    );
    const { schedule } = await created.json();

    state.smtpUrl = undefined;
    const unavailable = await sendNow(schedule.id);
    expect(unavailable.status).toBe(503);
    expect((await unavailable.json()).error).toMatchObject({
      code: 'REPORT_MAIL_UNAVAILABLE',
      message: expect.stringMatching(/No mail server/),
    });
    expect(smtp.messages).toHaveLength(0);

    state.smtpUrl = smtp.smtpUrl;
    const period = scheduledPeriodKey('monthly', new Date());
    const sent = await sendNow(schedule.id);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ frequency: 'monthly', period, recipients: 2, mails: 2 });

    for (const to of [admin.email, support.email]) {
      const mail = await smtp.nextTo(to);
      expect(mail.subject).toMatch(/^\[sendnow\] Monthly report: \w+ \d{4}$/);
      expect(mail.text).toContain(`The report: ${CONSOLE_URL}/o/sendnow/reports?period=${period}`);
      expect(mail.attachments.map((a) => a.filename)).toEqual([`report-${period}-vehicles.csv`]);
      expect(mail.attachments[0].content.toString('utf8')).toMatch(/^vehicle_id,vin,.*\nTOTAL,/s);
    }
    expect(smtp.messages).toHaveLength(2);

    // A second click within the minute mails nobody again, and says when it can be sent.
    const again = await sendNow(schedule.id);
    expect(again.status).toBe(429);
    expect((await again.json()).error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^This report was sent moments ago; it can be sent again in \d+ s\.$/),
      retryAfterSeconds: expect.any(Number),
    });
    expect(smtp.messages).toHaveLength(2);

    const [stored] = await storedSchedules(state.db, credential.organizationId());
    expect(stored.nextRunAt.toISOString()).toBe(schedule.nextRunAt);
    expect(stored.lastSentAt).toBeNull();

    const elsewhere = await otherOrganizationSchedule(state.db, 'sendnow-other');
    const foreign = await sendNow(elsewhere.id);
    expect(foreign.status).toBe(404);
    expect(smtp.messages).toHaveLength(2);

    const entries = await scheduleAudit(state.db, credential.organizationId());
    expect(entries.filter((e) => e.action === 'reports.schedule_sent' && e.outcome === 'success')).toEqual([
      expect.objectContaining({ targetId: schedule.id, details: expect.objectContaining({ period, recipients: 2, mails: 2 }) }),
    ]);
  });
});

describe('sending a scheduled report now, as support (read-only)', () => {
  const credential = useScopedCredential('sendnow', (d) => (state.db = d), ROLE_PERMISSIONS.support);

  it('is refused', async () => {
    state.smtpUrl = smtp.smtpUrl;
    const before = smtp.messages.length;
    const id = '00000000-0000-4000-8000-000000000000';
    const refused = await send.POST(
      bearerRequest(url(`/${id}/send`), credential.secret(), { method: 'POST' }),
      context({ scheduleId: id }),
    );
    expect(refused.status).toBe(403);
    expect(smtp.messages).toHaveLength(before);
  });
});

describe('a recipient stops a scheduled report from its mail', () => {
  const credential = useScopedCredential('sendnow', (d) => (state.db = d), ROLE_PERMISSIONS.manager);
  const stop = (id: string) =>
    unsubscribe.POST(bearerRequest(url(`/${id}/unsubscribe`), credential.secret(), { method: 'POST' }), context({ scheduleId: id }));

  it('the mail carries the link; following it takes only that member off, once; the others keep receiving it', async () => {
    const { admin, support } = await scheduleRecipients(state.db, credential.organizationId());
    const created = await schedules.POST(
      bearerRequest(url(), credential.secret(), {
        method: 'POST',
        body: { frequency: 'weekly', recipientIds: [admin.userId, support.id] },
      }),
      context(),
    );
    const { schedule } = await created.json();
    state.smtpUrl = smtp.smtpUrl;
    expect(
      (
        await send.POST(
          bearerRequest(url(`/${schedule.id}/send`), credential.secret(), { method: 'POST' }),
          context({ scheduleId: schedule.id }),
        )
      ).status,
    ).toBe(200);
    const link = `${CONSOLE_URL}/o/sendnow/reports/unsubscribe/${schedule.id}`;
    for (const to of [admin.email, support.email]) {
      const mail = await smtp.nextTo(to, { skip: smtp.countTo(to) - 1 });
      expect(mail.text).toContain(`Stop sending it to you: ${link}`);
      expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\r?\n[ \t]+/g, ' ')).toBe(
        `List-Unsubscribe: <${link}>`,
      );
    }

    // The credential acts for its creator, the admin: the admin leaves, support stays.
    for (let i = 0; i < 2; i++) {
      const stopped = await stop(schedule.id);
      expect(stopped.status).toBe(200);
      expect(await stopped.json()).toEqual({ frequency: 'weekly' });
      const [stored] = (await storedSchedules(state.db, credential.organizationId())).filter((s) => s.id === schedule.id);
      expect(stored.recipientIds).toEqual([support.id]);
    }

    const elsewhere = await otherOrganizationSchedule(state.db, 'sendnow-stop');
    expect((await stop(elsewhere.id)).status).toBe(404);
    const entries = await scheduleAudit(state.db, credential.organizationId());
    expect(entries.filter((e) => e.action === 'reports.schedule_unsubscribed' && e.outcome === 'success')).toHaveLength(2);
  });
});
