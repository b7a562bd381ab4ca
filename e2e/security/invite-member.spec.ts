import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { acceptAsNew, signedOutContext, invite, ORIGIN_OF, signInFresh, uniqueEmail } from '../fixtures/invite';

/**
 * Issue 12, item 2: no admin ever sees or sets another person's password. Adding a member is an
 * invitation link, shown once; the invited person chooses their own password; inviting an email
 * that has an account elsewhere answers the same shape and never touches that account.
 */
test.use({ storageState: storageStateOf('admin') });
// Several sign-ins (scrypt) and fresh browsers per test, on a machine that may be shared.
test.describe.configure({ timeout: 240_000 });

const shapeOf = (value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, v]) => [k, shapeOf(v)]),
      )
    : value === null
      ? 'null'
      : typeof value;

test('an admin invites a new email, sees a link once and never a password; the invited person sets their own and signs in', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('invitee');
  await page.goto('/o/demo/settings');
  await page.getByLabel('Invite by email').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('support');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/o/demo/members') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const body = await (await answer).json();
  // The answer carries a link, never a password (nor a hash, nor whether the email is known).
  expect(JSON.stringify(body)).not.toMatch(/password/i);
  expect(Object.keys(body).sort()).toEqual(['invitation', 'inviteUrl', 'invited', 'mailed']);

  const shown = page.getByRole('status').filter({ hasText: `Invitation link for ${email}` });
  await expect(shown).toBeVisible();
  const link = (await shown.getByTestId('invite-url').innerText()).trim();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  // Listed as pending; after a reload the link itself is gone for good.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Pending invitations' })).toContainText(email, { timeout: 30_000 });
  await expect(page.getByText(link)).toHaveCount(0);

  // The invited person, in a fresh browser: chooses a password (the rules apply), then signs in.
  const context = await signedOutContext(browser);
  const newcomer = await context.newPage();
  await newcomer.goto(link);
  await expect(newcomer.getByRole('heading', { name: /Join Demo Fleet/ })).toBeVisible();
  await newcomer.getByLabel('New password').fill('short');
  await newcomer.getByLabel('Repeat the password').fill('short');
  await newcomer.getByRole('button', { name: 'Create account and join' }).click();
  await expect(newcomer.getByText('Use at least 12 characters')).toBeVisible();
  await newcomer.getByLabel('New password').fill(email);
  await newcomer.getByLabel('Repeat the password').fill(email);
  await newcomer.getByRole('button', { name: 'Create account and join' }).click();
  await expect(newcomer.getByText('Do not use your email address as the password')).toBeVisible();
  const password = 'a password of my own choosing';
  await newcomer.getByLabel('New password').fill(password);
  await newcomer.getByLabel('Repeat the password').fill(password);
  await newcomer.getByRole('button', { name: 'Create account and join' }).click();
  await expect(newcomer.getByRole('status')).toContainText('Your account is ready');
  await newcomer.getByRole('link', { name: 'Sign in', exact: true }).click();
  await newcomer.getByLabel('Email').fill(email);
  await newcomer.getByLabel('Password').fill(password);
  await newcomer.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(newcomer).toHaveURL(/\/o\/demo$/);

  // Single use: the link is dead now, for the newcomer and for the admin who saw it.
  await newcomer.goto(link);
  await expect(newcomer.getByRole('heading', { name: 'Invitation not valid' })).toBeVisible();
  await context.close();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Invitation not valid' })).toBeVisible();
  await page.goto('/o/demo/settings');
  await expect(page.getByLabel(`Role of ${email}`)).toHaveValue('support');
});

test('inviting an email that has an account in another organization answers the same shape and never touches its password', async ({
  page,
  browser,
  baseURL,
}) => {
  const origin = ORIGIN_OF(baseURL);
  // Someone who belongs to northwind only, with a password they chose.
  const email = uniqueEmail('elsewhere');
  const ownPassword = 'northwind member password';
  const first = await invite(page.request, origin, 'northwind', email, 'support');
  const stranger = await signedOutContext(browser);
  expect((await acceptAsNew(stranger.request, origin, first.inviteUrl, ownPassword)).status()).toBe(200);

  // The demo admin invites that email, and a brand-new one: identical shapes.
  const existing = await invite(page.request, origin, 'demo', email, 'manager');
  const fresh = await invite(page.request, origin, 'demo', uniqueEmail('fresh'), 'manager');
  expect(shapeOf(existing)).toEqual(shapeOf(fresh));
  expect(JSON.stringify(existing)).not.toMatch(/password/i);

  // Whoever holds the link (the admin saw it) cannot set that account's password through it.
  const takeover = await acceptAsNew(stranger.request, origin, existing.inviteUrl, 'admin chosen password');
  expect(takeover.status()).toBe(409);
  expect((await takeover.json()).error.code).toBe('ACCOUNT_EXISTS');
  await stranger.close();

  // The old password still works, the one tried through the link does not.
  const member = await signInFresh(browser, email, ownPassword, /\/o\/northwind$/);
  // Signed in as themselves, they accept: the membership is added, the account untouched.
  await member.goto(existing.inviteUrl);
  await member.getByRole('button', { name: /Join Demo Fleet/ }).click();
  await expect(member).toHaveURL(/\/o\/demo$/);
  await member.context().close();

  const wrongContext = await signedOutContext(browser);
  const wrong = await wrongContext.newPage();
  await wrong.goto('/sign-in');
  await wrong.getByLabel('Email').fill(email);
  await wrong.getByLabel('Password').fill('admin chosen password');
  await wrong.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(wrong.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
  await wrongContext.close();
  await signInFresh(browser, email, ownPassword, /\/o\/northwind$/).then((p) => p.context().close());
});

test('an admin revokes a pending invitation and its link stops working', async ({ page, baseURL }) => {
  const email = uniqueEmail('revoked');
  const { inviteUrl } = await invite(page.request, ORIGIN_OF(baseURL), 'demo', email);
  await page.goto('/o/demo/settings');
  await page.getByRole('button', { name: `Revoke the invitation of ${email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke invitation' }).click();
  await expect(page.getByText(`Invitation of ${email} revoked.`)).toBeVisible();
  await page.goto(inviteUrl);
  await expect(page.getByRole('heading', { name: 'Invitation not valid' })).toBeVisible();
});
