import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { signInOverApi } from '../fixtures/console-process';
import { DEMO_PASSWORD, demoEmail } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { stepUp } from '../fixtures/step-up';

/**
 * Step-up before dangerous actions (lib/auth/dangerous-actions.ts). Each test signs in afresh:
 * the role sessions of auth.setup.ts are shared by every spec, and other specs step them up.
 */
test.use({
  storageState: { cookies: [], origins: [] },
  // The refusal the prompt turns into a question is a 403 Chromium logs, the wrong password a 400.
  allowedConsoleErrors: [
    /status of (403 \(Forbidden\) at http:\/\/localhost:\d+\/api\/o\/demo\/vehicles\/[^/]+\/commands|400 \(Bad Request\) at http:\/\/localhost:\d+\/api\/o\/demo\/profile\/step-up)$/,
  ],
});

const panel = (page: Page) => page.getByRole('region', { name: 'Remote commands' });
const prompt = (page: Page) => page.getByRole('dialog', { name: 'Confirm it’s you' });

async function signInAs(page: Page, email: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 30_000 });
}

async function unlockFromPanel(page: Page) {
  await panel(page).getByRole('button', { name: 'Unlock doors', exact: true }).click();
  await page
    .getByRole('dialog', { name: /^Unlock doors on/ })
    .getByRole('button', { name: 'Send unlock doors' })
    .click();
}

test('an unlock is refused by the server without a step-up, and goes through after the prompt takes the demo password', async ({
  page,
  request,
  baseURL,
  checkAccessibility,
}, testInfo) => {
  test.slow();
  const { onlineListeningVehicleId: vehicleId } = await sandboxFixtures(request);
  await signInAs(page, demoEmail('manager'));
  const commands = `/api/o/demo/vehicles/${vehicleId}/commands`;

  // The server's refusal stands on its own: the prompt is only the friendly half.
  const refused = await page.request.post(commands, { data: { command: 'UNLOCK_DOORS' }, headers: { Origin: baseURL! } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toMatchObject({
    code: 'STEP_UP_REQUIRED',
    details: { action: 'vehicle.open', organization: 'demo', methods: { code: false, passkey: false, password: true } },
  });
  const count = async () => (await (await page.request.get(`${commands}?command=UNLOCK_DOORS`)).json()).executions.length as number;
  const before = await count();

  await page.goto(`/o/demo/vehicles/${vehicleId}`);
  await unlockFromPanel(page);
  await expect(prompt(page)).toBeVisible();
  await expect(prompt(page)).toContainText('Opening a vehicle (unlocking its doors or opening a trunk) needs you to confirm it is you.');
  await checkAccessibility(page);
  await page.screenshot({ path: testInfo.outputPath('step-up-light.png') });

  // Cancelled: nothing is sent, and the page says so.
  await prompt(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(prompt(page)).toHaveCount(0);
  await expect(page.getByText('Not done: this action needs you to confirm it is you, and the confirmation was cancelled.')).toBeVisible();
  expect(await count()).toBe(before);

  // A wrong password is refused on its field; the right one sends the very same unlock once.
  await unlockFromPanel(page);
  await prompt(page).getByLabel('Password').fill('not-the-password');
  await prompt(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt(page).getByText('The password is wrong')).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 360, height: 740 });
  await checkAccessibility(page);
  await page.screenshot({ path: testInfo.outputPath('step-up-dark-360.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.emulateMedia({ colorScheme: 'light' });
  await prompt(page).getByLabel('Password').fill(DEMO_PASSWORD);
  await prompt(page).getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Latest command' })).toContainText('Unlock doors', { timeout: 15_000 });
  await expect.poll(count).toBe(before + 1);

  // Within five minutes the same session needs no new proof; the audit trail holds the step-up.
  const again = await page.request.post(commands, { data: { command: 'UNLOCK_DOORS' }, headers: { Origin: baseURL! } });
  expect([200, 409]).toContain(again.status());
  const audit = await (await page.request.get('/api/o/demo/audit?action=auth.step_up')).json();
  expect(
    audit.events
      .filter((e: { actorEmail: string; outcome: string }) => e.actorEmail === demoEmail('manager'))
      .map((e: { outcome: string }) => e.outcome),
  ).toEqual(expect.arrayContaining(['success', 'failure']));
});

test('a step-up never carries to another session of the person, nor to another organization', async ({ baseURL }) => {
  test.slow();
  const origin = baseURL!;
  const [laptop, phone] = [
    await signInOverApi(origin, demoEmail('admin'), DEMO_PASSWORD),
    await signInOverApi(origin, demoEmail('admin'), DEMO_PASSWORD),
  ];
  // A role change aimed at nobody: past the step-up it answers 404, before it 403.
  const changeRole = (session: APIRequestContext, org: string) =>
    session.patch(`/api/o/${org}/members/${randomUUID()}`, { data: { role: 'manager' } });
  const codeOf = async (response: Awaited<ReturnType<typeof changeRole>>) => (await response.json()).error.code as string;

  expect(await codeOf(await changeRole(laptop, 'demo'))).toBe('STEP_UP_REQUIRED');
  await stepUp(laptop, origin, 'demo');
  expect(await codeOf(await changeRole(laptop, 'demo'))).toBe('NOT_FOUND');
  // The same person's other session (the cookie an attacker would hold of it) proved nothing.
  expect(await codeOf(await changeRole(phone, 'demo'))).toBe('STEP_UP_REQUIRED');
  // Nor does the proof reach the person's other organization.
  expect(await codeOf(await changeRole(laptop, 'northwind'))).toBe('STEP_UP_REQUIRED');
  // A proof is the session's own: the other session's password check does not move the first one's.
  const wrong = await phone.post('/api/o/demo/profile/step-up', { data: { password: 'not-the-password' } });
  expect(wrong.status()).toBe(400);
  expect(await codeOf(await changeRole(phone, 'demo'))).toBe('STEP_UP_REQUIRED');
  await Promise.all([laptop.dispose(), phone.dispose()]);
});
