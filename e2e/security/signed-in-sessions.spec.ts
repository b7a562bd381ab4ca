import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { newMember, ORIGIN_OF } from '../fixtures/invite';

/**
 * Issue 26, "Where I am signed in": the account page lists the person's open sessions and ends
 * any one of them at once. The member is a fresh one (invited by the demo admin), so nothing here
 * touches the shared signed-in states.
 */
test.use({ storageState: storageStateOf('admin') });
// Two sign-ins (scrypt) and fresh browsers, on a machine that may be shared.
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'a member password of 26 s';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Signs in through the form in a browser of its own (with this user agent) and waits for the console. */
async function signInWith(browser: Browser, email: string, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, ...(userAgent && { userAgent }) });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 30_000 });
  return page;
}

const sessionsOf = (page: Page): Locator => page.getByRole('region', { name: 'Where you’re signed in' }).getByTestId('signed-in-session');

test('the account page lists both browsers of a person; ending the second from the first signs it out at its next request', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = ORIGIN_OF(baseURL);
  const email = await newMember(browser, page.request, origin, 'demo', 'sessions', PASSWORD);
  const laptop = await signInWith(browser, email);
  const phone = await signInWith(browser, email, IPHONE);
  expect((await phone.request.get('/api/o/demo/overview')).status()).toBe(200);

  await laptop.goto('/profile/password');
  const rows = sessionsOf(laptop);
  await expect(rows).toHaveCount(2);
  const here = rows.filter({ hasText: 'This device' });
  const phoneRow = rows.filter({ hasText: 'Safari 17 on iOS' });
  await expect(here).toHaveCount(1);
  await expect(here).toContainText(/Chrome \d+ on /);
  await expect(phoneRow).not.toContainText('This device');
  // The address it signed in from (loopback here), and when.
  await expect(phoneRow).toContainText(/127\.0\.0\.1|::1/);
  await expect(phoneRow).toContainText('Signed in');
  await expect(phoneRow).toContainText('last seen');

  // Nothing the browser receives is a session's own id (the token's `sid`).
  const listed = (await (await laptop.request.get('/api/profile/sessions')).json()) as { sessions: { id: string; thisDevice: boolean }[] };
  expect(Object.keys(listed.sessions[0]).sort()).toEqual([
    'address',
    'device',
    'deviceKind',
    'id',
    'lastSeenAt',
    'signedInAt',
    'thisDevice',
  ]);
  const laptopId = listed.sessions.find((s) => s.thisDevice)!.id;

  // Another person (the admin) cannot end it: the same 404 as a session that does not exist.
  const foreign = await page.request.delete(`/api/profile/sessions/${laptopId}`, { headers: { Origin: origin } });
  const unknown = await page.request.delete('/api/profile/sessions/01900000-0000-7000-8000-000000000000', { headers: { Origin: origin } });
  expect([foreign.status(), unknown.status()]).toEqual([404, 404]);
  expect((await foreign.json()).message).toBe((await unknown.json()).message);

  await phoneRow.getByRole('button', { name: /^End: Safari 17 on iOS/ }).click();
  const dialog = laptop.getByRole('dialog', { name: 'End this session?' });
  await expect(dialog).toContainText('is signed out at its next request');
  await dialog.getByRole('button', { name: 'End session' }).click();
  await expect(laptop.getByText('Session ended: Safari 17 on iOS.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('This device');

  // The phone's very next request is refused, and its pages send it to sign in.
  expect((await phone.request.get('/api/o/demo/overview')).status()).toBe(401);
  expect((await phone.request.get('/api/profile/sessions')).status()).toBe(401);
  await phone.goto('/o/demo/vehicles');
  await expect(phone).toHaveURL(/\/sign-in\?callbackUrl=/, { timeout: 30_000 });
  // The laptop goes on.
  expect((await laptop.request.get('/api/o/demo/overview')).status()).toBe(200);

  // Ending this device's own session signs out.
  await here.getByRole('button', { name: /^Sign out: / }).click();
  await laptop.getByRole('dialog', { name: 'Sign out of this device?' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(laptop).toHaveURL(/\/sign-in/, { timeout: 30_000 });
  expect((await laptop.request.get('/api/o/demo/overview')).status()).toBe(401);

  await laptop.context().close();
  await phone.context().close();
  // The test's own page ends on the account page: checked for accessibility light, dark and at 360 px.
  await page.goto('/profile/password');
  await expect(sessionsOf(page).filter({ hasText: 'This device' })).toHaveCount(1);
});
