import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';

test.use({ storageState: storageStateOf('manager') });

test('a locked car shows “confirmed by the vehicle” in the execution view and the history', async ({ page, request }) => {
  const { onlineListeningVehicleId } = await sandboxFixtures(request);
  await page.goto(`/o/demo/vehicles/${onlineListeningVehicleId}`);
  const panel = page.getByRole('region', { name: 'Remote commands' });
  await panel.getByRole('button', { name: 'Lock doors', exact: true }).click();
  const latest = page.getByRole('region', { name: 'Latest command' });
  await expect(latest.getByText('Executed')).toBeVisible({ timeout: 15_000 });
  // Read from the vehicle's telemetry a few seconds after EXECUTED, by the confirm-effects job.
  await expect(latest).toContainText(/Confirmed by the vehicle at \d{1,2}:\d\d/, { timeout: 20_000 });
  const row = page.getByRole('region', { name: 'Command history' }).getByRole('row').filter({ hasText: 'Lock doors' }).first();
  await expect(row).toContainText(/Confirmed by the vehicle at \d{1,2}:\d\d/, { timeout: 10_000 });
});
