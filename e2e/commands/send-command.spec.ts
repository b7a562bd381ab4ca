import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';

// Commands on one vehicle interact (one pending command per type), so this file runs in order.
test.describe.configure({ mode: 'serial' });
test.use({ storageState: storageStateOf('manager') });

const panel = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Remote commands' });
const latest = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Latest command' });

test('a command goes from pending to executed live, without reloading', async ({ page, request }) => {
  const { onlineListeningVehicleId } = await sandboxFixtures(request);
  await page.goto(`/o/demo/vehicles/${onlineListeningVehicleId}`);
  const sent = page.waitForResponse(
    (r) => r.url().endsWith(`/vehicles/${onlineListeningVehicleId}/commands`) && r.request().method() === 'POST',
  );
  await panel(page).getByRole('button', { name: 'Lock doors', exact: true }).click();
  // The page learns of the send as pending (the sandbox settles 1.5 s later). Watching the page for
  // "Pending" instead would race the outcome on a loaded machine: it can follow within a frame.
  expect((await (await sent).json()).execution).toMatchObject({ command: 'LOCK_DOORS', status: 'PENDING' });
  await expect(latest(page).getByText('Executed')).toBeVisible({ timeout: 15_000 });
  await expect(latest(page)).toContainText('The vehicle carried out the command.');
  await expect(
    page.getByRole('region', { name: 'Command history' }).getByRole('row').filter({ hasText: 'Lock doors' }).first(),
  ).toContainText('manager@demo.test');
});

test('an offline vehicle fails with plain words, the next step and the raw code', async ({ page, request }) => {
  const { offlineVehicleId } = await sandboxFixtures(request);
  await page.goto(`/o/demo/vehicles/${offlineVehicleId}`);
  await panel(page).getByRole('button', { name: 'Honk horn', exact: true }).click();
  await expect(latest(page).getByText('Failed')).toBeVisible({ timeout: 15_000 });
  await expect(latest(page)).toContainText('The vehicle is offline.');
  await expect(latest(page)).toContainText('Wake it up');
  await expect(latest(page)).toContainText('OEM_VEHICLE_OFFLINE');
});

test('with listening off the panel warns, and the command fails as not permitted', async ({ page, request }) => {
  const { notListeningVehicleId } = await sandboxFixtures(request);
  await page.goto(`/o/demo/vehicles/${notListeningVehicleId}`);
  await expect(panel(page).getByRole('note')).toContainText('Listening is off for this vehicle');
  await panel(page).getByRole('button', { name: 'Flash lights', exact: true }).click();
  await expect(latest(page).getByText('Failed')).toBeVisible({ timeout: 15_000 });
  await expect(latest(page)).toContainText('NOT_PERMITTED');
});

test('a spent budget disables its buttons, saying why and when it renews, and a key press sends nothing', async ({ page, request }) => {
  const { spentBudgetVehicleId } = await sandboxFixtures(request);
  await page.goto(`/o/demo/vehicles/${spentBudgetVehicleId}`);
  await expect(panel(page).getByText(/Command budget: 0 of \d+ left/)).toBeVisible();
  const climateOn = panel(page).getByRole('button', { name: 'Climate on', exact: true });
  await expect(climateOn).toBeDisabled();
  await expect(climateOn).toHaveAccessibleDescription(/Budget spent: no remote commands left .* renews by \d\d:\d\d at the latest/);
  await expect(panel(page).getByRole('button', { name: 'Stop charging', exact: true })).toBeDisabled();
  const history = `/api/o/demo/vehicles/${spentBudgetVehicleId}/commands?command=CLIMATE_ON`;
  const before = (await (await page.request.get(history)).json()).executions.length;
  await climateOn.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect((await (await page.request.get(history)).json()).executions.length).toBe(before);
});

test('unlocking asks first and names the vehicle; cancelling sends nothing', async ({ page, request }) => {
  const { onlineListeningVehicleId } = await sandboxFixtures(request);
  await page.goto(`/o/demo/vehicles/${onlineListeningVehicleId}`);
  const before = await (await page.request.get(`/api/o/demo/vehicles/${onlineListeningVehicleId}/commands?command=UNLOCK_DOORS`)).json();
  await panel(page).getByRole('button', { name: 'Unlock doors', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toContainText('Unlock doors on');
  await expect(dialog).toContainText('Anyone near the vehicle will be able to open it.');
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  const after = await (await page.request.get(`/api/o/demo/vehicles/${onlineListeningVehicleId}/commands?command=UNLOCK_DOORS`)).json();
  expect(after.executions.length).toBe(before.executions.length);
});

test.describe('command arguments', () => {
  // The service's refusal of a value arrives as a 400; Chromium logs every 4xx it loads.
  test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\) at http:\/\/localhost:\d+\/api\/o\/demo\/vehicles\/[^/]+\/commands$/] });

  test('the form refuses only a value of the wrong type; one outside the typical range goes to the service, which decides', async ({
    page,
    request,
  }) => {
    const { onlineListeningVehicleId } = await sandboxFixtures(request);
    await page.goto(`/o/demo/vehicles/${onlineListeningVehicleId}`);
    await panel(page).getByRole('button', { name: 'Set charge limit…', exact: true }).click();
    const field = page.getByLabel('Charge limit (%)');
    await expect(field).toHaveAccessibleDescription(/Typically 50 to 100 %/);
    await field.fill('80.5');
    await page.getByRole('button', { name: 'Send set charge limit', exact: true }).click();
    await expect(page.getByText('Enter a whole percentage')).toBeVisible();
    // 40 % is no bound of Motorpool's: it is sent, and this (contract) sandbox refuses it as its service would.
    await field.fill('40');
    await page.getByRole('button', { name: 'Send set charge limit', exact: true }).click();
    const refused = page
      .getByRole('region', { name: 'Command history' })
      .getByRole('row')
      .filter({ hasText: /Set charge limit\s*\{"limit":40\}/ });
    await expect(refused).toContainText('Refused', { timeout: 15_000 });
    await expect(refused).toContainText('REQUEST_VALIDATION_ERROR');
    // The form stays open with the value, to change it.
    await field.fill('80');
    await page.getByRole('button', { name: 'Send set charge limit', exact: true }).click();
    await expect(latest(page).getByText('Executed')).toBeVisible({ timeout: 15_000 });
  });
});

test.describe('a command of a type already running', () => {
  // The console answers 409 with the running execution; Chromium logs every 4xx it loads.
  test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\) at http:\/\/localhost:\d+\/api\/o\/demo\/vehicles\/[^/]+\/commands$/] });

  test('a second command of a running type shows the one already running', async ({ page, request }) => {
    const { onlineListeningVehicleId } = await sandboxFixtures(request);
    await page.goto(`/o/demo/vehicles/${onlineListeningVehicleId}`);
    const origin = new URL(page.url()).origin;
    const commandsPath = `/api/o/demo/vehicles/${onlineListeningVehicleId}/commands`;
    // Climate off: a command no other spec sends (the sandbox allows one pending command per type and vehicle).
    const button = panel(page).getByRole('button', { name: 'Climate off', exact: true });
    // The sandbox settles a command 1.5 s after it is sent, so the click must reach it within
    // that window. On a loaded machine it sometimes does not: then the sandbox rightly accepts the
    // click as a new command, and (once that one settles) the attempt is made again.
    for (let attempt = 1; ; attempt++) {
      await expect(button).toBeEnabled();
      const first = await page.request.post(commandsPath, { data: { command: 'CLIMATE_OFF' }, headers: { Origin: origin } });
      expect(first.ok()).toBe(true);
      const answered = page.waitForResponse((r) => r.url().endsWith(commandsPath) && r.request().method() === 'POST');
      await button.click();
      if ((await answered).status() === 409) break;
      // Accepted: the first had settled at the sandbox before the click reached it (the sandbox's
      // one-pending-per-type rule has its own unit test).
      expect(attempt, 'the click never reached the sandbox within 1.5 s of the first command').toBeLessThan(3);
      await expect(latest(page).getByText(/Executed|Failed/)).toBeVisible({ timeout: 20_000 });
    }
    await expect(latest(page)).toContainText('This command was already running');
    await expect(latest(page).getByText(/Pending|Executed/)).toBeVisible();
  });
});

test('the outcome of a command reaches the person on another page as a toast', async ({ page, request }) => {
  const { onlineListeningVehicleId } = await sandboxFixtures(request);
  await page.goto(`/o/demo/vehicles/${onlineListeningVehicleId}`);
  await panel(page).getByRole('button', { name: 'Wake up', exact: true }).click();
  // Leaves as soon as the command is sent, before its outcome (waiting to see "Pending" could miss it on a loaded machine).
  await expect(latest(page).getByText(/request req_/)).toBeVisible();
  await page.getByRole('link', { name: 'Commands', exact: true }).click();
  await expect(page).toHaveURL(/\/o\/demo\/commands$/);
  await expect(page.getByText(`Wake up on ${onlineListeningVehicleId}: executed.`)).toBeVisible({ timeout: 15_000 });
});

test.describe('as support', () => {
  test.use({ storageState: storageStateOf('support') });

  test('support sees the history and statuses but no send control', async ({ page, request }) => {
    const { onlineListeningVehicleId } = await sandboxFixtures(request);
    await page.goto(`/o/demo/vehicles/${onlineListeningVehicleId}`);
    await expect(page.getByRole('region', { name: 'Command history' })).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Lock doors', exact: true })).toHaveCount(0);
    await expect(page.getByRole('switch')).toHaveCount(0);
  });
});
