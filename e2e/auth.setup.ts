import { expect, test as setup } from '@playwright/test';
import { DEMO_PASSWORD, ROLES, demoEmail, storageStateOf } from './fixtures/roles';

for (const role of ROLES) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(demoEmail(role));
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // A password check at OWASP's scrypt cost takes seconds on a busy machine.
    await expect(page).toHaveURL(/\/o\/demo$/, { timeout: 30_000 });
    await page.context().storageState({ path: storageStateOf(role) });
  });
}
