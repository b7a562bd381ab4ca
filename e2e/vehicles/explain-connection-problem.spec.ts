import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';

test.use({ storageState: storageStateOf('support') });

test('a vehicle waiting for its owner says so in plain words with the next step, the service’s code and text kept beside them', async ({
  page,
}) => {
  const filter = JSON.stringify({ field: 'connectionStatus', operator: '==', value: 'PENDING_CONNECTION' });
  const response = await page.request.get(`/api/o/demo/vehicles?${new URLSearchParams({ pageSize: '1', filter })}`);
  expect(response.ok(), await response.text()).toBe(true);
  const [vehicle] = ((await response.json()) as { items: { id: string; connectionErrorCode: string; connectionErrorMessage: string }[] })
    .items;
  expect(vehicle.connectionErrorCode).toBeTruthy();

  await page.goto(`/o/demo/vehicles/${vehicle.id}`);
  const problem = page.getByRole('group', { name: 'Connection problem' });
  // The sandbox's code is not the vendor's: the action category's words stand in for it.
  await expect(problem).toContainText('Owner must act. The vehicle’s owner has to do something before it can connect.');
  await expect(problem).toContainText('What to do: Send a consent link from Connect');
  await expect(problem).toContainText(vehicle.connectionErrorCode);
  await expect(problem).toContainText('CUSTOMER_ACTION');
  await expect(problem).toContainText(`“${vehicle.connectionErrorMessage}”`);
});
