import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { addFilter, filterChips } from '../fixtures/filter-bar';

test.use({ storageState: storageStateOf('admin') });

test('a change is recorded with who and what, found by filter, and exported as CSV', async ({ page }) => {
  // A change to audit: test the connection (recorded with the upstream request id).
  await page.goto('/o/demo/settings');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByText('Connection works.')).toBeVisible();

  await page.goto('/o/demo/audit');
  await addFilter(page, 'Action…');
  await page.getByLabel('Action').fill('settings.*');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/action=settings\.\*/);
  await expect(filterChips(page)).toHaveText(['Action: settings.*']);
  const row = page.getByRole('row').filter({ hasText: 'settings.connection_tested' }).first();
  await expect(row).toContainText('admin@demo.test');
  await expect(row).toContainText('success');
  await expect(row.getByRole('cell').last()).toHaveText(/^req_|[0-9a-f-]{8,}/);
  await expect(page.getByRole('row').filter({ hasText: 'auth.sign_in' })).toHaveCount(0);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  const csv = readFileSync((await download.path())!, 'utf8');
  const [header, ...lines] = csv.trim().split('\r\n');
  expect(header).toBe('time,actor,action,target_type,target_id,outcome,upstream_request_id,ip,details');
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.every((line) => line.includes(',settings.'))).toBe(true);
});

test.describe('as support', () => {
  test.use({ storageState: storageStateOf('support') });

  test('support reads the audit trail', async ({ page }) => {
    await page.goto('/o/demo/audit');
    await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Audit events' }).locator('tbody tr').first()).toBeVisible();
    // Sign-ins by action: on the first page they may be behind whatever the suite audited since.
    await page.goto('/o/demo/audit?action=auth.sign_in');
    await expect(page.getByRole('row').filter({ hasText: 'auth.sign_in' }).first()).toBeVisible();
  });
});
