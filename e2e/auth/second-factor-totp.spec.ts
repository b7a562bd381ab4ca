import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { acceptAsNew, newMember, ORIGIN_OF, uniqueEmail } from '../fixtures/invite';
import { DEMO_PASSWORD, demoEmail, storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { secondConsole, startSecondConsole, stopSecondConsole } from '../fixtures/second-console';
import { expect, test } from '../fixtures/test';

/**
 * Issue 26, second factor (TOTP): a person sets up an authenticator app from their account page
 * (the test computes the app's codes from the set-up key shown, with the same library the
 * server uses), then signs in with a code, or once with each recovery code, and renews the
 * recovery codes (the old ones stop working). Each test works on people of its own, never on
 * the demo users whose signed-in states other specs share.
 */
test.use({ storageState: storageStateOf('admin') });
// A refused code is a 401 from next-auth's callback, a refused requirement a 409, and the unlock that opens the step-up
// prompt a 403, which the browser logs.
// (One pattern: test.use reads a two-item array as a value and its options.)
test.use({
  allowedConsoleErrors: [
    /status of (401 .* at http:\/\/(localhost|127\.0\.0\.1):\d+\/api\/auth\/callback\/credentials|409 .* at http:\/\/127\.0\.0\.1:\d+\/api\/o\/demo\/settings\/second-factor|403 .* at http:\/\/localhost:\d+\/api\/o\/demo\/vehicles\/[^/]+\/commands)$/,
  ],
});
// Several sign-ins (scrypt) per test, on a machine that may be shared.
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'a member password of 26 t';

/** The code the app shows `offsetSteps` steps (of 30 s) from now. Setting up takes the current step, so a sign-in right after uses the next. */
const codeOf = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

/** The sign-in form; with `code`, the field it asks for once the password is right. */
async function signIn(page: Page, email: string, password: string, code?: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (code === undefined) return;
  // A password check at OWASP's scrypt cost takes seconds on a busy machine.
  await expect(page.getByLabel('Authentication code')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page) {
  await page.goto('/o/demo');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  // The next sign-in types into the form: once it is React's, or a click would send the plain HTML form.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** On the account page: the password, the QR code and key, the first code; answers the key and the recovery codes shown once. */
async function enrolTotp(page: Page, password: string) {
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await section.getByLabel('Your password').fill(password);
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code of the authenticator set-up' })).toBeVisible({ timeout: 30_000 });
  const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel('Code from the app').fill(codeOf(secret));
  await section.getByRole('button', { name: 'Turn on two-step verification' }).click();
  const list = section.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await list.getByRole('listitem').allTextContents();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByTestId('recovery-codes-left')).toHaveText('10');
  // The key is not shown again.
  await page.reload();
  await expect(section.getByTestId('totp-secret')).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  return { secret, recoveryCodes };
}

test('enrol an authenticator app, sign out, sign in with its code; a recovery code works once; new codes replace the old; an unlock asks for a code', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const email = await newMember(browser, page.request, ORIGIN_OF(baseURL), 'demo', 'totp', PASSWORD);
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 30_000 });

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: 'Two-step verification' }).click();
  await expect(page).toHaveURL(/\/profile\/password#two-step$/);
  const { secret, recoveryCodes } = await enrolTotp(page, PASSWORD);

  await signOut(page);
  // The password alone opens nothing now: the form asks for the code, keeping what was typed.
  await signIn(page, email, PASSWORD, codeOf(secret, 1));
  await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 30_000 });

  await signOut(page);
  await signIn(page, email, PASSWORD, recoveryCodes[0]);
  await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 30_000 });

  await signOut(page);
  await signIn(page, email, PASSWORD, recoveryCodes[0]);
  await expect(page.getByText('That code is wrong or was used already')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/sign-in/);
  expect((await page.request.get('/api/o/demo/overview')).status()).toBe(401);
  // Another recovery code, in the same form (email and password still in it).
  await page.getByLabel('Authentication code').fill(recoveryCodes[1]);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 30_000 });

  await page.goto('/profile/password');
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('8');

  // New recovery codes after the password, shown once; the earlier ones stop working at once.
  const section = page.getByRole('region', { name: 'Two-step verification' });
  await section.getByRole('button', { name: 'New recovery codes…' }).click();
  await section.getByRole('button', { name: 'Use your password instead' }).click();
  await section.getByLabel('Your password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Make new recovery codes' }).click();
  const renewedList = section.getByRole('list', { name: 'Recovery codes' });
  await expect(renewedList.getByRole('listitem')).toHaveCount(10, { timeout: 30_000 });
  const renewed = await renewedList.getByRole('listitem').allTextContents();
  expect(renewed.filter((code) => recoveryCodes.includes(code))).toEqual([]);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByTestId('recovery-codes-left')).toHaveText('10');
  await signOut(page);
  await signIn(page, email, PASSWORD, recoveryCodes[2]);
  await expect(page.getByText('That code is wrong or was used already')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Authentication code').fill(renewed[0]);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 30_000 });

  // A dangerous action asks this person for a code (here a recovery code), never the password.
  const { onlineListeningVehicleId } = await sandboxFixtures(request);
  await page.goto(`/o/demo/vehicles/${onlineListeningVehicleId}`);
  await page.getByRole('region', { name: 'Remote commands' }).getByRole('button', { name: 'Unlock doors', exact: true }).click();
  await page
    .getByRole('dialog', { name: /^Unlock doors on/ })
    .getByRole('button', { name: 'Send unlock doors' })
    .click();
  const prompt = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await expect(prompt.getByLabel('Password')).toHaveCount(0);
  await prompt.getByLabel('Authentication code').fill(renewed[1]);
  await prompt.getByRole('button', { name: 'Confirm' }).click();
  await expect(prompt).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Latest command' })).toContainText('Unlock doors', { timeout: 15_000 });
});

test('an organization that requires a second factor sends a member without one to enrolment, and lets them in after', async ({
  page,
  browser,
}) => {
  test.slow();
  // Requiring a second factor of the demo organization would stop every other spec: this runs on a
  // console of its own (own port and data folder), where the demo admin may change it.
  const consoleB = secondConsole(13);
  const origin = consoleB.origin;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motorpool-totp-'));
  let server: ChildProcess | undefined;
  try {
    server = await startSecondConsole(consoleB, dataDir, { AUTH_SECRET: 'second-factor-spec-auth-secret-0123456789abcdef' });

    await page.goto(`${origin}/sign-in`);
    await signIn(page, demoEmail('admin'), DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 30_000 });
    await page.goto(`${origin}/o/demo/settings`);
    const requirement = page.getByRole('checkbox', { name: 'Require two-step verification of admins and managers' });
    // An admin without a second factor cannot require one: it would lock them out too.
    await requirement.click();
    await expect(page.getByText('Set up two-step verification for yourself first')).toBeVisible();
    await expect(requirement).not.toBeChecked();
    await page.goto(`${origin}/profile/password`);
    await enrolTotp(page, DEMO_PASSWORD);
    await page.goto(`${origin}/o/demo/settings`);
    await requirement.click();
    await expect(page.getByText('Admins and managers without two-step verification are now asked to set it up')).toBeVisible();
    await expect(requirement).toBeChecked();

    const email = uniqueEmail('required');
    const invited = await page.request.post(`${origin}/api/o/demo/members`, {
      data: { email, role: 'manager' },
      headers: { Origin: origin },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    const { inviteUrl } = (await invited.json()) as { inviteUrl: string };
    const memberContext = await browser.newContext({ baseURL: origin, storageState: { cookies: [], origins: [] } });
    const accepted = await acceptAsNew(memberContext.request, origin, inviteUrl, PASSWORD);
    expect(accepted.status(), await accepted.text()).toBe(200);

    // The member signs in with the password and lands on enrolment, whatever they open.
    await page.context().clearCookies();
    await page.goto(`${origin}/sign-in`);
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/profile\/password\?requiredBy=demo#two-step$/, { timeout: 30_000 });
    await expect(page.getByRole('alert').filter({ hasText: 'requires two-step verification' })).toBeVisible();
    await page.goto(`${origin}/o/demo/vehicles`);
    await expect(page).toHaveURL(/\/profile\/password\?requiredBy=demo/);
    // The server refuses the API too, with a code the console can name.
    const refused = await page.request.get(`${origin}/api/o/demo/overview`);
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'SECOND_FACTOR_REQUIRED' } });

    await enrolTotp(page, PASSWORD);
    await page.goto(`${origin}/o/demo/vehicles`);
    await expect(page).toHaveURL(/\/o\/demo\/vehicles$/);
    expect((await page.request.get(`${origin}/api/o/demo/overview`)).status()).toBe(200);
    await memberContext.close();
    // The page ends on the shared server: the test's checks of the last page must not meet a stopped console.
    await page.goto('/sign-in');
  } finally {
    if (server) await stopSecondConsole(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
