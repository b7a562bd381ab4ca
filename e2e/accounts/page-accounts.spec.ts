import { expect, test } from '../fixtures/test';
import { spareAccount } from '../fixtures/fleet';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';

test.describe('as manager', () => {
  test.use({ storageState: storageStateOf('manager') });

  test('lists accounts in pages of the chosen size, with Back and Forward, and filters them', async ({ page }) => {
    await page.goto('/o/demo/accounts?size=5');
    const pager = page.getByRole('navigation', { name: 'Accounts pages' });
    await expect(pager).toContainText(/Page 1 · 1–5 of \d+/);
    const rows = page.getByRole('region', { name: 'Accounts' }).locator('tbody tr');
    await expect(rows).toHaveCount(5);
    const first = await rows.first().textContent();
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText(/Page 2 · 6–10/);
    await expect(rows.first()).not.toHaveText(first!);
    await page.goBack();
    await expect(pager).toContainText(/Page 1 · 1–5/);
    await page.goForward();
    await expect(pager).toContainText(/Page 2 · 6–10/);

    const username = (await rows.first().getByRole('link').textContent())!;
    await page.getByLabel('Filter (JSON)').fill(JSON.stringify({ field: 'username', operator: '==', value: username }));
    await page.getByRole('button', { name: 'Apply filter' }).click();
    await expect(pager).toContainText('Page 1 · 1–1 of 1');
    await rows.first().getByRole('link').click();
    await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible();
  });

  test('tagging an account tags each of its vehicles', async ({ page }) => {
    const account = await spareAccount(page.request, 1);
    const value = `acct-${Date.now()}`;
    await page.goto(`/o/demo/accounts/${account.id}`);
    await page.getByLabel('Tag key').fill('e2e-account');
    await page.getByLabel('Tag value').fill(value);
    await page.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByText(`Tag e2e-account: ${value} added.`)).toBeVisible();

    await page.goto(`/o/demo/vehicles?tagKey=e2e-account&tagValue=${value}`);
    await expect(page.getByRole('navigation', { name: 'Vehicles pages' })).toContainText(`of ${account.vehicles.length}`);
    // The rows may be re-rendered right after the pager updates: read them once they settle.
    const accountCells = page.getByRole('region', { name: 'Vehicles', exact: true }).locator('tbody tr td:nth-child(7)');
    await expect.poll(async () => [...new Set(await accountCells.allTextContents())]).toEqual([account.id]);
  });
});

test.describe('as support', () => {
  test.use({ storageState: storageStateOf('support') });

  test('support reads accounts and vehicles with every changing control absent', async ({ page }) => {
    await page.goto('/o/demo/accounts');
    await page.getByRole('region', { name: 'Accounts' }).locator('tbody tr').first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Vehicles', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Disconnect account' })).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Add a tag' })).toHaveCount(0);
    await expect(page.getByLabel('Tag key')).toHaveCount(0);

    // The tagged fixture vehicle, so that there is a tag chip whose remove button must be absent.
    const { taggedVehicle } = await sandboxFixtures(page.request);
    await page.goto(`/o/demo/vehicles/${taggedVehicle.id}`);
    await expect(page.getByRole('link', { name: `${taggedVehicle.key}: ${taggedVehicle.value}` })).toBeVisible();
    for (const name of ['Disconnect vehicle', 'Edit registration plate', 'Add tag'])
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove tag/ })).toHaveCount(0);
    await expect(page.getByLabel('Tag key')).toHaveCount(0);
  });
});
