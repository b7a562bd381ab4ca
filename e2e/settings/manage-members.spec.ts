import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { signedOutContext } from '../fixtures/invite';
import { stepUp } from '../fixtures/step-up';

test.use({ storageState: storageStateOf('admin') });

test('an admin invites a member by link, the member joins with their own password; the admin changes the role, then removes them', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two password hashes and a second browser on top of the member changes.
  test.slow();
  const email = `new-${Date.now()}@demo.test`;
  await page.goto('/o/demo/settings');
  await page.getByLabel('Invite by email').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('support');
  await page.getByRole('button', { name: 'Invite member' }).click();
  const oneTime = page.getByRole('status').filter({ hasText: `Invitation link for ${email}` });
  await expect(oneTime).toBeVisible();
  const link = (await oneTime.getByTestId('invite-url').innerText()).trim();

  // The new member opens the link, chooses a password, signs in and lands on the organization.
  const context = await signedOutContext(browser);
  const newcomer = await context.newPage();
  await newcomer.goto(link);
  await newcomer.getByLabel('New password').fill('my own long password');
  await newcomer.getByLabel('Repeat the password').fill('my own long password');
  await newcomer.getByRole('button', { name: 'Create account and join' }).click();
  await expect(newcomer.getByRole('status')).toContainText('Your account is ready');
  await newcomer.getByRole('link', { name: 'Sign in', exact: true }).click();
  await newcomer.getByLabel('Email').fill(email);
  await newcomer.getByLabel('Password').fill('my own long password');
  await newcomer.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(newcomer).toHaveURL(/\/o\/demo$/);
  await context.close();

  await stepUp(page.request, baseURL!);
  await page.reload();
  await page.getByLabel(`Role of ${email}`).selectOption('manager');
  await expect(page.getByText('Role changed.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`Role of ${email}`)).toHaveValue('manager');

  await page.getByRole('button', { name: `Remove ${email}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByText(`${email} removed.`)).toBeVisible();
  await expect(page.getByLabel(`Role of ${email}`)).toHaveCount(0);
});

test.describe('the last admin', () => {
  // The refused role change is a 409 the browser logs; the test asserts it is shown in words.
  test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\) at http:\/\/localhost:\d+\/api\/o\/demo\/members\//] });

  test('the last admin can neither be demoted nor removed', async ({ page, baseURL }) => {
    await stepUp(page.request, baseURL!);
    await page.goto('/o/demo/settings');
    await page.getByLabel('Role of admin@demo.test').selectOption('manager');
    await expect(page.getByText('The last admin cannot be given another role; make someone else admin first.')).toBeVisible();
    await expect(page.getByLabel('Role of admin@demo.test')).toHaveValue('admin');
    const response = await page.request.get('/api/o/demo/members');
    const { members } = await response.json();
    const admin = members.find((m: { email: string }) => m.email === 'admin@demo.test');
    const removal = await page.request.delete(`/api/o/demo/members/${admin.userId}`, { headers: { Origin: new URL(page.url()).origin } });
    expect(removal.status()).toBe(409);
    expect((await removal.json()).error.code).toBe('LAST_ADMIN');
  });
});
