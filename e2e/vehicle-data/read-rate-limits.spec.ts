import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { section, vehicleUrl } from '../fixtures/vehicle-data';

test.use({ storageState: storageStateOf('manager') });

test('each key shows remaining of maximum requests, its window, and a bar', async ({ page, request }) => {
  const { spentBudgetVehicleId, optionsBrandVehicleId } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(optionsBrandVehicleId, 'rate-limits'));
  const card = section(page, 'Rate limits');
  const meters = card.getByRole('meter');
  await expect(meters).toHaveCount(3);
  await expect(card.getByRole('meter', { name: 'Stop-charging commands: requests left' })).toHaveAttribute('aria-valuemax', '10');
  await expect(card.getByRole('meter', { name: 'Commands and state fetches: requests left' })).toHaveAttribute(
    'aria-valuetext',
    /^\d+ of 200 requests left per 24 hours$/,
  );
  await expect(card.getByText('OEM_ENERGY_API_COMMANDS', { exact: true })).toBeVisible();

  await page.goto(vehicleUrl(spentBudgetVehicleId, 'rate-limits'));
  const spent = section(page, 'Rate limits').getByRole('listitem').filter({ hasText: 'Remote commands' });
  await expect(spent).toContainText('0 of 30 requests left per hour · spent');
  await expect(spent.getByRole('meter')).toHaveAttribute('aria-valuenow', '0');
});
