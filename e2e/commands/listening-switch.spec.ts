import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';

test.use({ storageState: storageStateOf('manager') });

test('the listening switch turns a vehicle off and on, and the audit says who', async ({ page, request }) => {
  const { taggedVehicle } = await sandboxFixtures(request);
  await page.goto(`/o/demo/vehicles/${taggedVehicle.id}`);
  const toggle = page.getByRole('switch');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(page.getByText('Listening off.')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('region', { name: 'Remote commands' }).getByRole('note')).toContainText('Listening is off');
  await toggle.click();
  await expect(page.getByText('Listening on.')).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  const audit = await (await page.request.get(`/api/o/demo/audit?action=vehicles.listening_set&target=${taggedVehicle.id}`)).json();
  expect(audit.events.slice(0, 2).map((e: { details: { isListening: boolean; changed: boolean } }) => e.details)).toEqual([
    { isListening: true, changed: true },
    { isListening: false, changed: true },
  ]);
});

test('setting the state a vehicle already has changes nothing upstream', async ({ page, request }) => {
  const { onlineListeningVehicleId } = await sandboxFixtures(request);
  await page.goto('/o/demo');
  const response = await page.request.post(`/api/o/demo/vehicles/${onlineListeningVehicleId}/listening`, {
    data: { isListening: true },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ isListening: true, changed: false });
});
