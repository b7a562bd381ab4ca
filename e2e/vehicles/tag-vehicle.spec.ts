import { expect, test } from '../fixtures/test';
import { spareVehicle } from '../fixtures/fleet';
import { storageStateOf } from '../fixtures/roles';

test.use({ storageState: storageStateOf('manager') });

test('adds and removes a tag; a click on it filters the fleet; both limits are 150 characters', async ({ page }) => {
  const vehicle = await spareVehicle(page.request, 5);
  const value = `e2e-${Date.now()}`;
  await page.goto(`/o/demo/vehicles/${vehicle.id}`);
  await expect(page.getByText(vehicle.vin, { exact: true })).toBeVisible();

  // Checked in the form: nothing is sent.
  await page.getByLabel('Tag key').fill('k'.repeat(151));
  await page.getByLabel('Tag value').fill(value);
  await page.getByRole('button', { name: 'Add tag' }).click();
  await expect(page.getByText('A tag key has at most 150 characters')).toBeVisible();

  await page.getByLabel('Tag key').fill('e2e');
  await page.getByRole('button', { name: 'Add tag' }).click();
  const chip = page.getByRole('link', { name: `e2e: ${value}` });
  await expect(chip).toBeVisible();

  await chip.click();
  await expect(page).toHaveURL(new RegExp(`/o/demo/vehicles\\?tagKey=e2e&tagValue=${value}`));
  await expect(page.getByRole('navigation', { name: 'Vehicles pages' })).toContainText('1–1 of 1');
  await expect(page.getByRole('region', { name: 'Vehicles', exact: true }).getByRole('link', { name: vehicle.vin })).toBeVisible();

  await page.goBack();
  await page.getByRole('button', { name: `Remove tag e2e: ${value}` }).click();
  await expect(chip).toHaveCount(0);
  const tags = await (await page.request.get(`/api/o/demo/vehicles/${vehicle.id}/tags`)).json();
  expect(tags.tags).not.toContainEqual({ key: 'e2e', value });
});

test('the server refuses a tag over 150 characters too, naming the field', async ({ page, baseURL }) => {
  const vehicle = await spareVehicle(page.request, 5);
  const response = await page.request.post(`/api/o/demo/vehicles/${vehicle.id}/tags`, {
    data: { key: 'e2e', value: 'v'.repeat(151) },
    headers: { Origin: baseURL! },
  });
  expect(response.status()).toBe(400);
  const body = await response.json();
  expect(body.error.code).toBe('VALIDATION_FAILED');
  expect(body.error.fields).toContainEqual({ path: 'value', message: 'A tag value has at most 150 characters', in: 'body' });
});
