import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSmtpInbox, type SmtpInbox } from '@/lib/ops/smtp-inbox.test-support';
import { DEMO_PASSWORD, demoEmail } from '../fixtures/roles';
import { secondConsole, startSecondConsole, stopSecondConsole } from '../fixtures/second-console';
import { expect, test } from '../fixtures/test';

// Issue 32: a scheduled report arrives by mail. A console of its own (E2E_PORT + 23) whose SMTP_URL
// points at a real SMTP server run by this spec; a manager schedules the monthly report to a member
// and sends it now, and the mail's link opens that report.

const consoleB = secondConsole(23);
const origin = consoleB.origin;

test.describe.configure({ mode: 'serial' });
test.use({ storageState: { cookies: [], origins: [] } });

let inbox: SmtpInbox;
let server: ChildProcess | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  inbox = await startSmtpInbox();
  dataDir = mkdtempSync(path.join(tmpdir(), 'motorpool-sendnow-'));
  server = await startSecondConsole(consoleB, dataDir, { SMTP_URL: inbox.smtpUrl, SMTP_FROM: 'Motorpool <noreply@motorpool.test>' });
});

test.afterAll(async () => {
  if (server) await stopSecondConsole(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await inbox?.close();
});

test('a manager schedules the monthly report to a member, sends it now, and the mailed link opens the report', async ({ page }) => {
  const member = demoEmail('support');
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel('Email').fill(demoEmail('manager'));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 30_000 });

  await page.goto(`${origin}/o/demo/reports`);
  const card = page.getByRole('region', { name: 'By e-mail' });
  const form = card.getByRole('form', { name: 'Schedule this report' });
  await form.getByLabel('How often').selectOption('monthly');
  await form.getByRole('checkbox', { name: new RegExp(member.replace('.', '\\.')) }).check();
  await form.getByRole('button', { name: 'Schedule' }).click();
  const item = card.getByTestId('report-schedule').filter({ hasText: 'Monthly report of all vehicles' });
  await expect(item).toContainText('next');
  expect(inbox.countTo(member)).toBe(0);

  await item.getByRole('button', { name: 'Send now: Monthly report of all vehicles' }).click();
  await expect(item.getByRole('status')).toContainText('to 1 of 1 recipients');
  const mail = await inbox.nextTo(member);
  const label = /^\[[^\]]+\] Monthly report: (\w+ \d{4})$/.exec(mail.subject ?? '')?.[1];
  expect(label, mail.subject).toBeDefined();
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments[0].filename).toMatch(/^report-\d{4}-\d{2}-vehicles\.csv$/);
  expect(mail.attachments[0].content.toString('utf8')).toMatch(/^vehicle_id,vin,.*\nTOTAL,/s);
  const link = /^The report: (\S+)$/m.exec(mail.text ?? '')?.[1];
  expect(link, mail.text).toBeDefined();
  expect(link!.startsWith(`${origin}/o/demo/reports?period=`)).toBe(true);

  // The link, followed signed in, opens that month's report.
  await page.goto(link!);
  await expect(page.getByRole('table', { name: `Per vehicle, ${label}, with the total` })).toBeVisible({ timeout: 30_000 });
  // Sending now did not move the schedule: still no mail sent on schedule, the next run unchanged.
  await expect(page.getByTestId('report-schedule').filter({ hasText: 'Monthly report of all vehicles' })).not.toContainText('last sent');
});
