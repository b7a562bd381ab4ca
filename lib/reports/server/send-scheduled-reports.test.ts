import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import { ensureMembership, removeMember } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { insertReportSchedule, listReportSchedules } from '@/lib/db/repos/report-schedules';
import { setChargingTariff } from '@/lib/db/repos/tariffs';
import { createUser } from '@/lib/db/repos/users';
import { startSmtpInbox, type SmtpInbox } from '@/lib/ops/smtp-inbox.test-support';
import { seedReportHistory } from './report-history.test-support';
import { sendScheduledReports } from './send-scheduled-reports';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');
vi.stubEnv('APP_URL', 'https://motorpool.example');

const noUpstream = async () => undefined;

describe('a scheduled report, mailed to a real SMTP server', () => {
  const t = useTestDatabase('pglite');
  let smtp: SmtpInbox;
  const mailer = () => ({ transport: nodemailer.createTransport(smtp.smtpUrl), from: 'Motorpool <noreply@motorpool.example>' });

  beforeAll(async () => {
    smtp = await startSmtpInbox();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  async function fleet(slug: string) {
    const org = await createOrganization(t.db, { slug, name: `Fleet ${slug}`, apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    const [manager, admin, support, leaver] = await Promise.all(
      ['manager', 'admin', 'support', 'leaver'].map((who) => createUser(t.db, { email: `${who}@${slug}.test`, name: who })),
    );
    await ensureMembership(t.db, org.id, manager.id, 'manager');
    await ensureMembership(t.db, org.id, admin.id, 'admin');
    await ensureMembership(t.db, org.id, support.id, 'support');
    await ensureMembership(t.db, org.id, leaver.id, 'support');
    await seedReportHistory(t.db, org.id);
    return { org, manager, admin, support, leaver };
  }

  it('sends November’s report on 1 December to each recipient still a member: figures in plain text, the link back, the CSV attached; once', async () => {
    const { org, manager, admin, support, leaver } = await fleet('monthly-mail');
    await insertReportSchedule(t.db, {
      organizationId: org.id,
      createdBy: manager.id,
      frequency: 'monthly',
      scope: null,
      recipientIds: [manager.id, admin.id, leaver.id],
      nextRunAt: new Date('2026-12-01T06:00:00Z'),
    });
    await removeMember(t.db, org.id, leaver.id);
    await setChargingTariff(
      t.db,
      org.id,
      { currency: 'EUR', timeZone: 'UTC', pricePerKwh: 0.3, bands: [] },
      new Date('2026-11-01T00:00:00Z'),
    );

    // Not due yet.
    expect(await sendScheduledReports(t.db, new Date('2026-12-01T05:59:00Z'), { mailer: mailer(), apiFor: noUpstream })).toEqual({
      schedules: 0,
      mails: 0,
      failed: 0,
    });
    // Two instances' passes at once: one of them claims the run.
    const run = new Date('2026-12-01T06:02:00Z');
    const passes = await Promise.all([1, 2].map(() => sendScheduledReports(t.db, run, { mailer: mailer(), apiFor: noUpstream })));
    expect(passes.reduce((n, p) => n + p.mails, 0)).toBe(2);
    expect(passes.reduce((n, p) => n + p.schedules, 0)).toBe(1);

    const mail = await smtp.nextTo(manager.email);
    expect(mail.subject).toBe('[Fleet monthly-mail] Monthly report: November 2026');
    expect(mail.from?.text).toContain('noreply@motorpool.example');
    expect(mail.text).toContain(
      [
        'Monthly report for Fleet monthly-mail, November 2026, all vehicles.',
        '',
        'Vehicles: 2',
        'Distance: 72.5 km',
        'Driving time: 3.0 h',
        'Journeys: 3',
        'Energy charged: 30.0 kWh',
        'Charging sessions: 1',
        'Charging cost: 9.00 EUR',
        'Idle days: 3',
      ].join('\n'),
    );
    expect(mail.text).toContain('The report: https://motorpool.example/o/monthly-mail/reports?period=2026-11');
    expect(mail.html).toContain('href="https://motorpool.example/o/monthly-mail/reports?period=2026-11"');
    expect(mail.attachments).toHaveLength(1);
    const [csv] = mail.attachments;
    expect(csv.filename).toBe('report-2026-11-vehicles.csv');
    expect(csv.contentType).toBe('text/csv');
    const lines = csv.content.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^vehicle_id,vin,registration_plate,distance_km,driving_hours,journeys,energy_charged_kwh,charging_sessions,/);
    // The whole month: 30 days, veh_a has data on five of them, veh_b on one.
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^veh_a,,,32\.5,2,2,30,1,9,EUR,3,25,/),
      expect.stringMatching(/^veh_b,,,40,1,1,0,0,0,EUR,0,29,/),
      expect.stringMatching(/^TOTAL,,,72\.5,3,3,30,1,9,EUR,3,54,/),
    ]);
    expect((await smtp.nextTo(admin.email)).subject).toBe(mail.subject);
    // Not a recipient; no longer a member.
    expect(smtp.countTo(support.email)).toBe(0);
    expect(smtp.countTo(leaver.email)).toBe(0);

    const [schedule] = await listReportSchedules(t.db, org.id);
    expect(schedule).toMatchObject({ nextRunAt: new Date('2027-01-01T06:00:00Z'), lastPeriodKey: '2026-11', lastSentAt: run });
    // A later pass the same day finds nothing due.
    expect(await sendScheduledReports(t.db, new Date('2026-12-01T07:00:00Z'), { mailer: mailer(), apiFor: noUpstream })).toEqual({
      schedules: 0,
      mails: 0,
      failed: 0,
    });
    expect(smtp.countTo(manager.email)).toBe(1);
  });

  it('sends a weekly report of the week just ended for a tag, the link keeping the scope', async () => {
    const { org, manager } = await fleet('weekly-mail');
    await insertReportSchedule(t.db, {
      organizationId: org.id,
      createdBy: manager.id,
      frequency: 'weekly',
      scope: { type: 'tag', key: 'depot', value: 'north' },
      recipientIds: [manager.id],
      nextRunAt: new Date('2026-11-09T06:00:00Z'),
    });
    const tagged = {
      listVehicles: async (params: { tagKey?: string; tagValue?: string }) => ({
        data: { results: params.tagKey === 'depot' && params.tagValue === 'north' ? [{ id: 'veh_a' }] : [], nextPageToken: null },
      }),
    };
    const apiFor = async () => tagged as never;
    const summary = await sendScheduledReports(t.db, new Date('2026-11-09T06:00:00Z'), { mailer: mailer(), apiFor });
    expect(summary).toEqual({ schedules: 1, mails: 1, failed: 0 });
    const mail = await smtp.nextTo(manager.email);
    expect(mail.subject).toBe('[Fleet weekly-mail] Weekly report: 2 Nov 2026 – 8 Nov 2026');
    expect(mail.text).toContain('vehicles tagged depot=north');
    // veh_a's two journeys (3 and 4 November) and its charging session (5 November); veh_b is not tagged.
    expect(mail.text).toContain('Vehicles: 1\nDistance: 32.5 km');
    expect(mail.text).toContain(
      'https://motorpool.example/o/weekly-mail/reports?period=2026-11-02..2026-11-08&tagKey=depot&tagValue=north',
    );
    const lines = mail.attachments[0].content.toString('utf8').trimEnd().split('\r\n');
    expect(lines.map((l) => l.split(',')[0])).toEqual(['vehicle_id', 'veh_a', 'TOTAL']);
    expect((await listReportSchedules(t.db, org.id))[0].nextRunAt).toEqual(new Date('2026-11-16T06:00:00Z'));
  });

  it('sends nothing and claims nothing without SMTP settings', async () => {
    const { org, manager } = await fleet('no-smtp');
    const due = new Date('2026-12-01T06:00:00Z');
    await insertReportSchedule(t.db, {
      organizationId: org.id,
      createdBy: manager.id,
      frequency: 'monthly',
      scope: null,
      recipientIds: [manager.id],
      nextRunAt: due,
    });
    expect(await sendScheduledReports(t.db, due, { mailer: null })).toEqual({ schedules: 0, mails: 0, failed: 0 });
    expect((await listReportSchedules(t.db, org.id))[0].nextRunAt).toEqual(due);
  });

  it('sends nothing for a schedule whose saved view is gone, counts it failed, and goes on to the next period', async () => {
    const { org, manager } = await fleet('view-gone');
    await insertReportSchedule(t.db, {
      organizationId: org.id,
      createdBy: manager.id,
      frequency: 'weekly',
      scope: { type: 'view', viewId: '00000000-0000-4000-8000-000000000000' },
      recipientIds: [manager.id],
      nextRunAt: new Date('2026-11-09T06:00:00Z'),
    });
    expect(await sendScheduledReports(t.db, new Date('2026-11-09T06:00:00Z'), { mailer: mailer(), apiFor: noUpstream })).toEqual({
      schedules: 1,
      mails: 0,
      failed: 1,
    });
    expect(smtp.countTo(manager.email)).toBe(0);
    expect((await listReportSchedules(t.db, org.id))[0]).toMatchObject({ nextRunAt: new Date('2026-11-16T06:00:00Z'), lastSentAt: null });
  });
});
