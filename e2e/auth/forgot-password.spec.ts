import { signInOverApi } from '../fixtures/console-process';
import { DEMO_PASSWORD, demoEmail } from '../fixtures/roles';
import { stepUp } from '../fixtures/step-up';
import { mailConsole } from '../fixtures/mail-console';
import { expect, test } from '../fixtures/test';

// Issue 26: "Forgot password?" by mail, and invitations that only the mail carries. A console of
// its own (E2E_PORT + 11) whose SMTP_URL points at a real SMTP server run by this spec.

const smtp = mailConsole(11, 'forgot');
const origin = smtp.origin;

test.describe.configure({ mode: 'serial' });
test.use({ storageState: { cookies: [], origins: [] } });

const ask = (email: string) =>
  fetch(`${origin}/api/profile/forgot-password`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });

test('a forgotten password: the same answer for any address, a mailed link that works once and signs out everywhere', async ({ page }) => {
  const email = demoEmail('manager');
  // A session elsewhere, to see it end.
  const elsewhere = await signInOverApi(origin, email, DEMO_PASSWORD);
  expect((await elsewhere.get('/api/o/demo/members')).status()).toBe(200);

  // The same status and body for an address without an account.
  const [known, unknown] = [await ask(email), await ask('nobody-here@demo.test')];
  expect([known.status, unknown.status]).toEqual([200, 200]);
  expect(await known.text()).toBe(await unknown.text());
  await smtp.inbox().nextTo(email);

  // The person's way: the link on the sign-in page, the form, the mail.
  await page.goto(`${origin}/sign-in`);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${email} has an account here, a reset link is on its way`);
  const mail = await smtp.inbox().nextTo(email, { skip: 1 });
  const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeDefined();
  expect(link!.startsWith(`${origin}/reset-password/`)).toBe(true);
  expect(smtp.inbox().countTo('nobody-here@demo.test')).toBe(0);

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: `New password for ${email}` })).toBeVisible();
  const password = 'a new password of mine';
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByRole('status')).toContainText('every session of yours has ended');

  // Signed out everywhere; the new password works, the old one and the link do not.
  expect((await elsewhere.get('/api/o/demo/members')).status()).toBe(401);
  await elsewhere.dispose();
  const again = await signInOverApi(origin, email, password);
  expect((await again.get('/api/o/demo/members')).status()).toBe(200);
  await again.dispose();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Reset link not valid' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new one' })).toBeVisible();

  // Asking too often for one address is refused, known or not.
  for (const address of [email, 'nobody-here@demo.test']) {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await ask(address)).status);
    expect(statuses.at(-1), address).toBe(429);
  }
});

test('with mail, inviting answers the same for an email with an account and a new one, and shows no link', async ({ page }) => {
  const admin = await signInOverApi(origin, demoEmail('admin'), DEMO_PASSWORD);
  const invite = async (email: string) => {
    const response = await admin.post('/api/o/demo/members', { data: { email, role: 'support' }, headers: { Origin: origin } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { invitation: Record<string, unknown>; inviteUrl: string | null; mailed: boolean };
  };
  // support@demo.test has an account (in northwind too); the other address has none.
  // Removing a member is a dangerous action (lib/auth/dangerous-actions.ts): the session steps up first.
  await stepUp(admin, origin);
  const removed = await admin.delete(`/api/o/demo/members/${await memberId(admin, demoEmail('support'))}`, { headers: { Origin: origin } });
  expect(removed.status(), await removed.text()).toBe(200);
  const fresh = `fresh-${Date.now()}@demo.test`;
  const [existing, brandNew] = [await invite(demoEmail('support')), await invite(fresh)];
  const comparable = (answer: typeof existing) => ({ ...answer, invitation: Object.keys(answer.invitation).sort() });
  expect(comparable(existing)).toEqual(comparable(brandNew));
  expect(existing).toMatchObject({ inviteUrl: null, mailed: true });
  await admin.dispose();
  for (const to of [demoEmail('support'), fresh])
    expect((await smtp.inbox().nextTo(to)).text).toMatch(new RegExp(`${origin}/invite/[A-Za-z0-9_-]{43}`));

  // The admin's page says where the link went, and shows none.
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel('Email').fill(demoEmail('admin'));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 30_000 });
  await page.goto(`${origin}/o/demo/settings`);
  const another = `another-${Date.now()}@demo.test`;
  await page.getByLabel('Invite by email').fill(another);
  await page.getByRole('button', { name: 'Invite member' }).click();
  await expect(page.getByRole('status').filter({ hasText: `The invitation link was mailed to ${another}` })).toBeVisible();
  await expect(page.getByTestId('invite-url')).toHaveCount(0);
});

async function memberId(request: Awaited<ReturnType<typeof signInOverApi>>, email: string): Promise<string> {
  const { members } = (await (await request.get('/api/o/demo/members')).json()) as { members: { userId: string; email: string }[] };
  const member = members.find((m) => m.email === email);
  expect(member, email).toBeDefined();
  return member!.userId;
}

test('without mail, the page says to ask the operator', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('status')).toContainText('Password resets by mail are not available on this console');
  await expect(page.getByRole('status')).toContainText('Ask your operator');
  const response = await page.request.post('/api/profile/forgot-password', {
    data: { email: demoEmail('manager') },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(503);
  expect((await response.json()).error.code).toBe('RESET_BY_MAIL_UNAVAILABLE');
});
