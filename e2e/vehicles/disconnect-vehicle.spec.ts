import { expect, test } from '../fixtures/test';
import { spareVehicle } from '../fixtures/fleet';
import { storageStateOf } from '../fixtures/roles';
import { stepUp } from '../fixtures/step-up';

test.use({ storageState: storageStateOf('manager'), allowedConsoleErrors: [/status of 404/] });

test('disconnects a vehicle after the VIN is typed back, shows it processing and drops it from the lists', async ({ page, baseURL }) => {
  const vehicle = await spareVehicle(page.request, 'last');
  await stepUp(page.request, baseURL!);
  await page.goto(`/o/demo/vehicles/${vehicle.id}`);
  await page.getByRole('button', { name: 'Disconnect vehicle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect this vehicle?' });
  await expect(dialog).toContainText(vehicle.vin);
  await expect(dialog).toContainText('stops synchronising');
  const confirm = dialog.getByRole('button', { name: 'Disconnect' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${vehicle.vin} to confirm`).fill(vehicle.vin.slice(0, 10));
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${vehicle.vin} to confirm`).fill(vehicle.vin);
  await confirm.click();

  await expect(page.getByText('Disconnecting: processing')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'accepted the disconnection and is processing it' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disconnect vehicle' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit registration plate' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to the vehicles' }).click();
  await page.getByLabel('VIN or vehicle id').fill(vehicle.vin);
  await page.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('search', { name: 'Open a vehicle' }).getByRole('alert')).toContainText('No vehicle has the VIN or id');
  const filter = JSON.stringify({ field: 'vin', operator: '==', value: vehicle.vin });
  const listed = await (await page.request.get(`/api/o/demo/vehicles?${new URLSearchParams({ filter })}`)).json();
  expect(listed.items).toEqual([]);
});
