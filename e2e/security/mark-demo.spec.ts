import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';

/**
 * Issue 12, item 6: the e2e server runs the demo (no VEHICLE_API_BASE_URL), so every page's
 * header says "Demo": the landing page, the sign-in page and the console's top bar.
 */
for (const path of ['/', '/sign-in']) {
  test(`${path} says Demo in its header`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('header').getByText('Demo', { exact: true })).toBeVisible();
  });
}

test.describe('signed in', () => {
  test.use({ storageState: storageStateOf('support') });

  for (const path of ['/o/demo', '/o/demo/vehicles', '/o/demo/audit']) {
    test(`the console top bar of ${path} says Demo`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('banner').getByText('Demo', { exact: true })).toBeVisible();
    });
  }
});
