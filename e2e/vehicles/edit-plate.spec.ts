import { expect, test } from '../fixtures/test';
import { spareVehicle } from '../fixtures/fleet';
import { storageStateOf } from '../fixtures/roles';

test.use({ storageState: storageStateOf('manager') });

test('edits the registration plate, checked for 1 to 50 characters, and it stays after a reload', async ({ page }) => {
  const vehicle = await spareVehicle(page.request, 2);
  const plate = `E2E ${Date.now() % 100000}`;
  await page.goto(`/o/demo/vehicles/${vehicle.id}`);
  await page.getByRole('button', { name: 'Edit registration plate' }).click();
  const input = page.getByRole('textbox', { name: 'Registration plate' });
  await input.fill('X'.repeat(51));
  await page.getByRole('button', { name: 'Save plate' }).click();
  await expect(page.getByText('A registration plate has at most 50 characters')).toBeVisible();
  await input.fill('');
  await page.getByRole('button', { name: 'Save plate' }).click();
  await expect(page.getByText('Enter a registration plate')).toBeVisible();

  await input.fill(plate);
  await page.getByRole('button', { name: 'Save plate' }).click();
  await expect(page.getByText(`Registration plate set to ${plate}.`)).toBeVisible();
  await expect(input).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(plate, { exact: true })).toBeVisible();

  const audit = await (await page.request.get('/api/o/demo/audit?action=vehicles.plate_changed')).json();
  expect(audit.events[0]).toMatchObject({
    action: 'vehicles.plate_changed',
    targetId: vehicle.id,
    outcome: 'success',
    actorEmail: 'manager@demo.test',
  });
  expect(audit.events[0].upstreamRequestId).toBeTruthy();
});
