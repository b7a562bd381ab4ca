import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures/test';
import { vehiclesOfAccount } from '../fixtures/fleet';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';

test.use({ storageState: storageStateOf('support') });

test('exports every vehicle the filter matches, page by page, as CSV', async ({ page }) => {
  const filter = JSON.stringify({ field: 'isListening', operator: '==', value: true });
  await page.goto(`/o/demo/vehicles?${new URLSearchParams({ filter })}`);
  await expect(page.getByRole('navigation', { name: 'Vehicles pages' })).toContainText(/of \d+/);
  const api = await (await page.request.get(`/api/o/demo/vehicles?${new URLSearchParams({ filter, pageSize: '1' })}`)).json();
  // More than one page of 100, so the export really walks page tokens.
  expect(api.totalResults).toBeGreaterThan(100);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^vehicles-demo-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = readFileSync((await file.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(header).toBe('id,vin,make,model,model_year,registration_plate,account_id,is_listening,connection_status,last_seen_at');
  // Another spec may disconnect a vehicle meanwhile: allow the count to drop by a few.
  expect(rows.length).toBeGreaterThan(api.totalResults - 25);
  expect(rows.length).toBeLessThanOrEqual(api.totalResults);
  expect(rows.every((row) => row.split(',')[7] === 'true')).toBe(true);
  expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(rows.length);
  await expect(page.getByRole('status').filter({ hasText: `Exported ${rows.length} vehicles.` })).toBeVisible();
});

test('the export of one account has exactly its vehicles', async ({ page }) => {
  const { accountIds } = await sandboxFixtures(page.request);
  const expected = await vehiclesOfAccount(page.request, accountIds[0]);
  const filter = JSON.stringify({ field: 'metadata.accountId', operator: '==', value: accountIds[0] });
  await page.goto(`/o/demo/vehicles?${new URLSearchParams({ filter })}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const [, ...rows] = readFileSync((await (await download).path())!, 'utf8')
    .trim()
    .split('\r\n');
  const ids = rows.map((row) => row.split(',')[0]).sort();
  // The vehicle-disconnect spec may remove one vehicle of this account while this runs.
  const expectedIds = expected.items.map((v) => v.id).sort();
  expect(ids.every((id) => expectedIds.includes(id))).toBe(true);
  expect(ids.length).toBeGreaterThanOrEqual(expectedIds.length - 1);
});

test('a running export shows progress and stops on Cancel without saving', async ({ page }) => {
  // Hold the second page so the export is caught mid-way.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/o\/demo\/vehicles\?.*pageToken=/, async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  let downloaded = false;
  page.on('download', () => (downloaded = true));
  await page.goto('/o/demo/vehicles');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const progress = page.getByRole('progressbar', { name: 'Export progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(progress).toHaveAttribute('aria-valuetext', /^100 of \d+ vehicles$/);
  await page.getByRole('button', { name: 'Cancel export' }).click();
  await expect(page.getByText('Export cancelled after 100 vehicles; nothing was saved.')).toBeVisible();
  await expect(progress).toHaveCount(0);
  release();
  expect(downloaded).toBe(false);
});
