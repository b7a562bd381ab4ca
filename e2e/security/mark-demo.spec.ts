import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';

/**
 * Issue 12, item 6: the e2e server runs the demo (no VEHICLE_API_BASE_URL), so every page's
 * header says "Demo": the landing page, the sign-in page and the console's top bar.
 */
test('the landing and sign-in pages say Demo in their header', async ({ page }) => {
  for (const path of ['/', '/sign-in']) {
    await page.goto(path);
    await expect(page.locator('header').getByText('Demo', { exact: true }), path).toBeVisible();
  }
});

test.describe('signed in', () => {
  test.use({ storageState: storageStateOf('support') });

  test('the console top bar says Demo on every page', async ({ page }) => {
    for (const path of ['/o/demo', '/o/demo/vehicles', '/o/demo/audit']) {
      await page.goto(path);
      await expect(page.getByRole('banner').getByText('Demo', { exact: true }), path).toBeVisible();
    }
  });
});
