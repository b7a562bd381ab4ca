import { expect, test } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
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

  // Axe clean in light and dark, wide and at 360 px (the red words on the card in both schemes).
  for (const look of [
    { scheme: 'light', width: 1280 },
    { scheme: 'dark', width: 360 },
  ] as const) {
    await page.emulateMedia({ colorScheme: look.scheme });
    await page.setViewportSize({ width: look.width, height: 900 });
    await page.reload();
    await expect(problem).toBeVisible();
    if (look.scheme === 'dark') await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    expect(await seriousViolations(page), `${look.scheme} ${look.width}`).toEqual([]);
    if (process.env.LIST_SCREENSHOTS)
      await problem.screenshot({ path: `${process.env.LIST_SCREENSHOTS}/connection-problem-${look.scheme}-${look.width}.png` });
  }
});
