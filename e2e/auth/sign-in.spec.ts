import { expect, test } from '../fixtures/test';
import { DEMO_PASSWORD, demoEmail } from '../fixtures/roles';

// A refused sign-in is a 401 from next-auth's callback, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 401 .* at http:\/\/localhost:\d+\/api\/auth\/callback\/credentials/] });

async function signIn(page: import('@playwright/test').Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a console page sends a signed-out visitor to sign-in and back after it', async ({ page }) => {
  await page.goto('/o/demo/audit');
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fo%2Fdemo%2Faudit$/);
  await signIn(page, demoEmail('support'), DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/o\/demo\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
});

test('a wrong password is refused with a message that does not say which part was wrong', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, demoEmail('manager'), 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});

test('the form names the field that is wrong before anything is sent', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'not-an-email', '');
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByText('Enter your password')).toBeVisible();
});

test('a sign-in sent before the page’s script runs never puts the password in the address', async ({ browser, baseURL }) => {
  // Before hydration the form is plain HTML: a GET form would send the fields in the URL (history, logs, Referer).
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(demoEmail('manager'));
    await page.getByLabel('Password').fill('a-secret-typed-too-early');
    const submitted = page.waitForRequest((request) => new URL(request.url()).pathname === '/sign-in' && request.isNavigationRequest());
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const request = await submitted;
    await page.waitForLoadState();
    expect(page.url()).not.toContain('a-secret-typed-too-early');
    expect(page.url()).not.toContain('password');
    expect(request.method()).toBe('POST');
  } finally {
    await context.close();
  }
});

test('repeated failures for one account are throttled, and the right password waits too', async ({ page }) => {
  const email = `throttle-${Date.now()}@demo.test`;
  await page.goto('/sign-in');
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await signIn(page, email, `wrong-${attempt}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Wrong email or password.' })).toBeVisible();
  }
  // Then the account waits from this address, 1 s doubling per failure: soon an attempt comes too early.
  const throttled = page.getByRole('alert').filter({ hasText: 'Too many failed attempts' });
  for (let attempt = 0; attempt < 8 && !(await throttled.isVisible()); attempt += 1) {
    const answered = page.waitForResponse((response) => response.url().includes('/api/auth/callback/credentials'));
    await signIn(page, email, `wrong-again-${attempt}`);
    await answered;
    await expect(page.getByRole('alert').filter({ hasText: /Wrong email or password\.|Too many failed attempts/ })).toBeVisible();
  }
  await expect(throttled).toBeVisible();
});

test('sign out ends the session', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, demoEmail('manager'), DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/o\/demo$/);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  const response = await page.request.get('/api/o/demo/overview');
  expect(response.status()).toBe(401);
});

test.describe('signed in as manager', () => {
  test.use({ storageState: '.test-reports/auth/manager.json', allowedConsoleErrors: [/status of 404/] });

  test('an organization the user is not a member of is a plain 404', async ({ page }) => {
    const foreign = await page.goto('/o/northwind');
    expect(foreign?.status()).toBe(404);
    const missing = await page.goto('/o/no-such-org');
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('Demo Fleet')).toHaveCount(0);
  });

  test('settings and audit show no changing control to a manager', async ({ page }) => {
    await page.goto('/o/demo/settings');
    await expect(page.getByText('stored, not shown')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save credentials' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Invite member' })).toHaveCount(0);
  });
});
