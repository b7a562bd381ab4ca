import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { addFilter, filterChips } from '../fixtures/filter-bar';

test.use({ storageState: storageStateOf('admin') });

test('the fleet-wide history filters by outcome and command, keeps filters in the URL, and exports CSV', async ({ page, request }) => {
  const { offlineVehicleId } = await sandboxFixtures(request);
  await page.goto('/o/demo/commands');
  const origin = new URL(page.url()).origin;
  const sent = await page.request.post(`/api/o/demo/vehicles/${offlineVehicleId}/commands`, {
    data: { command: 'SET_VEHICLE_NAME', args: { name: 'History test' } },
    headers: { Origin: origin },
  });
  expect(sent.ok()).toBe(true);
  const { execution } = await sent.json();
  await expect
    .poll(async () => (await (await page.request.get(`/api/o/demo/commands/${execution.id}`)).json()).execution.state, { timeout: 15_000 })
    .toBe('failed');

  await page.reload();
  // Each filter from the bar's menu, applied at once, shown as a chip that names it.
  await addFilter(page, 'Outcome…');
  await page.getByLabel('Outcome', { exact: true }).selectOption('failed');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/state=failed/);
  await addFilter(page, 'Command…');
  await page.getByLabel('Command', { exact: true }).selectOption('SET_VEHICLE_NAME');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/command=SET_VEHICLE_NAME/);
  await expect(page).toHaveURL(/state=failed/);
  await expect(filterChips(page)).toHaveText(['Outcome: failed', 'Command: Set vehicle name']);
  const row = page.getByRole('region', { name: 'Command history' }).getByRole('row').filter({ hasText: offlineVehicleId }).first();
  await expect(row).toContainText('Set vehicle name');
  await expect(row).toContainText('admin@demo.test');
  await expect(row).toContainText('OEM_VEHICLE_OFFLINE');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = readFileSync((await (await downloadPromise).path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(csv[0]).toBe(
    'requested_at,vehicle_id,command,arguments,requested_by,state,status,failed_reason,error_code,upstream_execution_id,upstream_request_id,executed_at,settled_at,origin,confirmation,confirmed_at',
  );
  expect(csv.length).toBeGreaterThan(1);
  expect(csv.slice(1).every((line) => line.includes(',SET_VEHICLE_NAME,') && line.includes(',failed,'))).toBe(true);
});
