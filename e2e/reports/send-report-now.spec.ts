import { DEMO_PASSWORD, demoEmail } from '../fixtures/roles';
import { mailConsole } from '../fixtures/mail-console';
import { expect, test } from '../fixtures/test';

// Issue 32: a scheduled report arrives by mail. A console of its own (E2E_PORT + 23) whose SMTP_URL
// points at a real SMTP server run by this spec; a manager schedules the monthly report to a member
// and sends it now, and the mail's link opens that report.

const smtp = mailConsole(23, 'sendnow');
const origin = smtp.origin;

test.describe.configure({ mode: 'serial' });
test.use({ storageState: { cookies: [], origins: [] } });

test('a manager schedules the monthly report to a member, sends it now, and the mailed link opens the report', async ({ page }) => {
  test.setTimeout(150_000);
  const member = demoEmail('support');
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel('Email').fill(demoEmail('manager'));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The console started a moment ago: its first overview is rendered cold, beside the other workers.
  await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 60_000 });

  await page.goto(`${origin}/o/demo/reports`);
  const card = page.getByRole('region', { name: 'By e-mail' });
  const form = card.getByRole('form', { name: 'Schedule this report' });
  await form.getByLabel('How often').selectOption('monthly');
  await form.getByRole('checkbox', { name: new RegExp(member.replace('.', '\\.')) }).check();
  await form.getByRole('button', { name: 'Schedule' }).click();
  const item = card.getByTestId('report-schedule').filter({ hasText: 'Monthly report of all vehicles' });
  // Saving renders the next run; this console (its own process) answers beside the shared one and both workers.
  await expect(item).toContainText('next', { timeout: 30_000 });
  expect(smtp.inbox().countTo(member)).toBe(0);

  await item.getByRole('button', { name: 'Send now: Monthly report of all vehicles' }).click();
  await expect(item.getByRole('status')).toContainText('to 1 of 1 recipients');
  const mail = await smtp.inbox().nextTo(member);
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
