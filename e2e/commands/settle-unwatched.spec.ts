import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures, sendCommandOutsideMotorpool } from '../fixtures/sandbox';

test.use({ storageState: storageStateOf('manager') });

const historyRow = (page: import('@playwright/test').Page, text: string) =>
  page.getByRole('region', { name: 'Command history' }).getByRole('row').filter({ hasText: text }).first();

test('a command sent through the API and never watched shows its outcome in the fleet history', async ({ page, request }) => {
  const { onlineListeningVehicleId } = await sandboxFixtures(request);
  await page.goto('/o/demo/commands');
  const origin = new URL(page.url()).origin;
  const sent = await page.request.post(`/api/o/demo/vehicles/${onlineListeningVehicleId}/commands`, {
    // A command no other spec sends to this vehicle (one pending command per type and vehicle).
    data: { command: 'CLOSE_CHARGE_PORT' },
    headers: { Origin: origin },
  });
  expect(sent.ok()).toBe(true);
  const { execution } = (await sent.json()) as { execution: { id: string; state: string } };
  expect(execution.state).toBe('pending');
  // Nobody opens the execution: the fleet history reads Motorpool's records only, so the settler moved it.
  await expect
    .poll(
      async () => {
        const { executions } = (await (await page.request.get('/api/o/demo/commands?command=CLOSE_CHARGE_PORT')).json()) as {
          executions: { id: string; state: string }[];
        };
        return executions.find((e) => e.id === execution.id)?.state;
      },
      { timeout: 20_000 },
    )
    .toBe('executed');
  await page.reload();
  await expect(historyRow(page, 'Close charge port')).toContainText('Executed');
});

test('a command sent outside Motorpool shows in the vehicle’s history and then the fleet’s, marked as such', async ({ page, request }) => {
  const { onlineListeningVehicleId } = await sandboxFixtures(request);
  // A command no other spec sends: the sandbox allows one pending command per type and vehicle, and
  // send-command's charge limit on the same vehicle was refused as already running when both ran at once.
  await sendCommandOutsideMotorpool(request, onlineListeningVehicleId, 'set-temperature', {
    driverTemperature: 21.5,
    passengerTemperature: 19,
  });
  await page.goto(`/o/demo/vehicles/${onlineListeningVehicleId}`);
  const panel = page.getByRole('region', { name: 'Remote commands' });
  await expect(panel.getByText('Includes commands sent outside Motorpool')).toBeVisible();
  await expect(historyRow(page, '{"driverTemperature":21.5,"passengerTemperature":19}')).toContainText('Sent outside Motorpool');

  await page.goto('/o/demo/commands');
  const row = historyRow(page, '{"driverTemperature":21.5,"passengerTemperature":19}');
  await expect(row).toContainText('Sent outside Motorpool');
  await expect(row).toContainText(onlineListeningVehicleId);
});
