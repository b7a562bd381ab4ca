import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { stepUp } from '../fixtures/step-up';

test.describe('as admin', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('Test connection calls test-token and shows the client and organization ids', async ({ page }) => {
    await page.goto('/o/demo/settings');
    await expect(page.getByLabel('Client id')).toHaveValue(/^sbx_demo_/);
    await expect(page.getByLabel('Client secret')).toHaveValue('');
    await page.getByRole('button', { name: 'Test connection' }).click();
    const result = page.getByText('Connection works.').locator('..');
    await expect(result).toBeVisible();
    await expect(result).toContainText(/Client id sbx_demo_\w+, organization \S+/);
  });

  test('a bad base URL is refused naming the field, and nothing is saved', async ({ page, baseURL }) => {
    await stepUp(page.request, baseURL!);
    await page.goto('/o/demo/settings');
    await page.getByLabel('Environment').selectOption('custom');
    await page.getByLabel('Base URL').fill('ftp://nowhere');
    await page.getByRole('button', { name: 'Save credentials' }).click();
    await expect(page.getByText('Enter the API root as an http(s) URL, without /v1')).toBeVisible();
    const settings = await (await page.request.get('/api/o/demo/settings')).json();
    expect(settings.environment).toBe('embedded');
  });

  test('the settings API never returns the client secret', async ({ page }) => {
    const response = await page.request.get('/api/o/demo/settings');
    const body = await response.text();
    expect(body).not.toMatch(/secret"\s*:\s*"/i);
    expect(JSON.parse(body).hasClientSecret).toBe(true);
  });
});

test.describe('as support', () => {
  test.use({ storageState: storageStateOf('support') });

  test('support reads the connection but gets no control to change or test it', async ({ page }) => {
    await page.goto('/o/demo/settings');
    await expect(page.getByText('Embedded sandbox')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Test connection' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save credentials' })).toHaveCount(0);
    // The person's own units and time zone are theirs to choose; the organization's connection is not.
    await expect(page.getByRole('region', { name: 'Vehicle API connection' }).getByRole('combobox')).toHaveCount(0);
  });
});
