import { randomUUID } from 'node:crypto';
import type { SandboxFixtures } from '@/lib/sandbox';
import { DEMO_PASSWORD, demoEmail } from '../fixtures/roles';
import { mailConsole } from '../fixtures/mail-console';
import { SANDBOX_ADMIN_TOKEN } from '../fixtures/sandbox-token';
import { expect, test } from '../fixtures/test';

// Issue 29: an e-mail rule delivers to a real SMTP server with a working link. A console of its own
// (E2E_PORT + 25) whose SMTP_URL is this spec's server; the organization's default rule "Failed or
// unknown commands" mails whoever sent the command.

const smtp = mailConsole(25, 'notify-mail', { SANDBOX_ADMIN_TOKEN });
const origin = smtp.origin;

test.describe.configure({ mode: 'serial' });
test.use({ storageState: { cookies: [], origins: [] } });

test('a failed command is mailed to its sender with a link to the vehicle; the mail’s unsubscribe link stops the next one', async ({
  page,
}) => {
  const manager = demoEmail('manager');
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel('Email').fill(manager);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 30_000 });

  const admin = await page.request.get(`${origin}/sandbox/_admin/organizations`, {
    headers: { 'x-sandbox-admin-token': SANDBOX_ADMIN_TOKEN },
  });
  expect(admin.ok()).toBe(true);
  const { offlineVehicleId } = ((await admin.json()) as { organizations: { fixtures: SandboxFixtures }[] }).organizations[0].fixtures;
  const send = async () => {
    const response = await page.request.post(`${origin}/api/o/demo/vehicles/${offlineVehicleId}/commands`, {
      headers: { Origin: origin, 'Idempotency-Key': randomUUID() },
      data: { command: 'FLASH_LIGHTS' },
    });
    expect(response.status(), await response.text()).toBe(200);
  };

  await send();
  const mail = await smtp.inbox().nextTo(manager, { timeoutMs: 30_000 });
  expect(mail.subject).toMatch(/^\[[^\]]+\] Flash lights failed$/);
  expect(mail.text).toContain(`The command failed on vehicle ${offlineVehicleId}: The vehicle is offline.`);
  expect(mail.text).toMatch(/^You receive this because of the rule "Failed or unknown commands" in .+\.$/m);
  expect(mail.html).toContain('Open it in Motorpool</a>');
  const link = /^Open it in Motorpool: (\S+)$/m.exec(mail.text ?? '')?.[1];
  const unsubscribe = /^Stop e-mail from this rule: (\S+)$/m.exec(mail.text ?? '')?.[1];
  expect(link).toBe(`${origin}/o/demo/vehicles/${offlineVehicleId}`);
  expect(unsubscribe, mail.text).toMatch(new RegExp(`^${origin}/o/demo/notifications/unsubscribe/[0-9a-f-]{36}$`));
  // The header as sent, unfolded (a long header line is folded onto the next).
  const listUnsubscribe = mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\r?\n[ \t]+/g, ' ');
  expect(listUnsubscribe).toBe(`List-Unsubscribe: <${unsubscribe}>`);

  // The link, followed signed in, opens the vehicle the command failed on.
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Remote commands' })).toBeVisible();

  // Opening the unsubscribe link changes nothing (mail scanners open links); its button does.
  await page.goto(unsubscribe!);
  await page.getByRole('button', { name: 'Stop these e-mails' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You will get no more e-mail' })).toContainText(
    'from “Failed or unknown commands”',
  );

  // The next failure reaches the inbox, not the mailbox.
  const mailsBefore = smtp.inbox().countTo(manager);
  await send();
  await page.goto(`${origin}/o/demo/notifications`);
  await expect(page.getByTestId('notification').filter({ hasText: 'Flash lights failed' })).toHaveCount(2, { timeout: 30_000 });
  await page.waitForTimeout(2_000);
  expect(smtp.inbox().countTo(manager)).toBe(mailsBefore);
});
