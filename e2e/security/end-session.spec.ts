import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { newMember, signedOutContext, ORIGIN_OF, signInFresh } from '../fixtures/invite';

/**
 * Issue 12, item 3: sessions end on the server. Each test works on a member of its own (invited
 * by the demo admin), so ending sessions never touches the shared signed-in states.
 */
test.use({ storageState: storageStateOf('admin') });
// Several sign-ins (scrypt) and fresh browsers per test, on a machine that may be shared.
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'a member password of 26 c';

async function copyInto(browser: Browser, from: Page): Promise<Page> {
  const copy = await signedOutContext(browser);
  await copy.addCookies(await from.context().cookies());
  return copy.newPage();
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
}

async function expectSignedOut(page: Page) {
  expect((await page.request.get('/api/o/demo/overview')).status()).toBe(401);
  await page.goto('/o/demo/vehicles');
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/, { timeout: 30_000 });
}

test('signing out ends the session on the server: a copy of the cookie taken before opens nothing after', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await newMember(browser, page.request, ORIGIN_OF(baseURL), 'demo', 'signout', PASSWORD);
  const member = await signInFresh(browser, email, PASSWORD);
  const copy = await copyInto(browser, member);
  expect((await copy.request.get('/api/o/demo/overview')).status()).toBe(200);

  await openMenu(member);
  await member.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(member).toHaveURL(/\/sign-in/, { timeout: 30_000 });

  await expectSignedOut(copy);
  // Renewal does not bring it back either.
  await copy.request.get('/api/auth/session');
  expect((await copy.request.get('/api/o/demo/overview')).status()).toBe(401);
  await member.context().close();
  await copy.context().close();
});

test('"sign out everywhere" ends the sessions of other browsers too', async ({ page, browser, baseURL }) => {
  const email = await newMember(browser, page.request, ORIGIN_OF(baseURL), 'demo', 'everywhere', PASSWORD);
  const laptop = await signInFresh(browser, email, PASSWORD);
  const phone = await signInFresh(browser, email, PASSWORD);
  expect((await phone.request.get('/api/o/demo/overview')).status()).toBe(200);

  await openMenu(laptop);
  await laptop.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(laptop).toHaveURL(/\/sign-in/, { timeout: 30_000 });

  await expectSignedOut(phone);
  // Signing in again works and gives a new, valid session.
  const again = await signInFresh(browser, email, PASSWORD);
  expect((await again.request.get('/api/o/demo/overview')).status()).toBe(200);
  for (const p of [laptop, phone, again]) await p.context().close();
});

test('changing the password (from the user menu) ends every other session; only the new password signs in', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = await newMember(browser, page.request, ORIGIN_OF(baseURL), 'demo', 'changer', PASSWORD);
  const here = await signInFresh(browser, email, PASSWORD);
  const elsewhere = await signInFresh(browser, email, PASSWORD);

  await openMenu(here);
  await here.getByRole('link', { name: 'Change password' }).click();
  await expect(here).toHaveURL(/\/profile\/password$/);
  await here.getByLabel('Current password').fill('not the current one');
  await here.getByLabel('New password', { exact: true }).fill('a brand new password 42');
  await here.getByLabel('Repeat the new password').fill('a brand new password 42');
  await here.getByRole('button', { name: 'Change password' }).click();
  await expect(here.getByText('The current password is wrong')).toBeVisible();
  expect((await elsewhere.request.get('/api/o/demo/overview')).status()).toBe(200);

  await here.getByLabel('Current password').fill(PASSWORD);
  await here.getByRole('button', { name: 'Change password' }).click();
  await expect(here.getByRole('status')).toContainText('Your password is changed');

  await expectSignedOut(elsewhere);
  await expectSignedOut(here);
  const fresh = await signInFresh(browser, email, 'a brand new password 42');
  expect((await fresh.request.get('/api/o/demo/overview')).status()).toBe(200);
  for (const p of [here, elsewhere, fresh]) await p.context().close();
});
