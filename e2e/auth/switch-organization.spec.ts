import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';

test.use({ storageState: storageStateOf('admin') });

test('a member of two organizations switches between them, and each shows its own fleet', async ({ page }) => {
  await page.goto('/o/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Fleet' })).toBeVisible();
  const switcher = page.getByLabel('Organization');
  await expect(switcher.locator('option')).toHaveText(['Demo Fleet', 'Northwind Logistics']);
  await switcher.selectOption('northwind');
  await expect(page).toHaveURL(/\/o\/northwind$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Northwind Logistics' })).toBeVisible();
  await expect(page.getByText('Connected accounts')).toBeVisible();
});
