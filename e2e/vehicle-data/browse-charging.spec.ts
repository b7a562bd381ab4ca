import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { injectSandboxFault, removeSandboxFault, sandboxFixtures } from '../fixtures/sandbox';
import { dataApi, section, vehicleUrl } from '../fixtures/vehicle-data';

test.use({ storageState: storageStateOf('manager') });

type Session = { id: string; kwhFromGrid: number; kwhInHvb: number; startStateOfCharge: number; endStateOfCharge: number };
const num = (n: number, digits = 2) => new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(n);

test('sessions are listed with the energy from the grid, into the battery and the loss, charted per session', async ({ page, request }) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  const apiPage = await (await request.get(`${dataApi(id, 'charging')}?pageSize=20`)).json();
  const newest: Session = apiPage.items[0];
  await page.goto(vehicleUrl(id, 'charging'));
  const card = section(page, 'Charging sessions');
  const rows = card.getByRole('table', { name: 'Charging sessions, newest first' }).locator('tbody tr');
  await expect(rows).toHaveCount(20);
  const loss = newest.kwhFromGrid - newest.kwhInHvb;
  await expect(rows.first()).toContainText(`${num(newest.kwhFromGrid)} kWh`);
  await expect(rows.first()).toContainText(`${num(newest.kwhInHvb)} kWh`);
  await expect(rows.first()).toContainText(`${num(loss)} kWh (${num((loss / newest.kwhFromGrid) * 100, 1)} %)`);
  await expect(rows.first()).toContainText(`${newest.startStateOfCharge} % → ${newest.endStateOfCharge} %`);
  await expect(rows.first()).toContainText('°C');

  await card.getByText('Show the numbers as a table').click();
  await expect(card.getByRole('table', { name: 'Energy per charging session' }).locator('tbody tr')).toHaveCount(20);

  await rows.first().getByRole('button').click();
  await expect(page).toHaveURL(new RegExp(`session=${newest.id}`));
  const detail = section(page, 'Charging session');
  await expect(detail).toContainText(newest.id);
  await expect(detail.getByText('Lost between them').locator('..')).toContainText(`${num(loss)} kWh`);
  await expect(detail.getByText(/^Request id req_/)).toBeVisible();
  await page.goBack();
  await expect(section(page, 'Charging session')).toHaveCount(0);
});

test('any session can be looked up by its id', async ({ page, request }) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  const first = await (await request.get(`${dataApi(id, 'charging')}?pageSize=20`)).json();
  const older = (
    await (await request.get(`${dataApi(id, 'charging')}?pageSize=20&pageToken=${encodeURIComponent(first.nextPageToken)}`)).json()
  ).items[3] as Session;
  await page.goto(vehicleUrl(id, 'charging'));
  const lookup = page.getByRole('form', { name: 'Look up a charging session' });
  await lookup.getByRole('button', { name: 'Look up' }).click();
  await expect(lookup.getByText('Enter a session id')).toBeVisible();
  await lookup.getByLabel('Session id').fill(older.id);
  await lookup.getByRole('button', { name: 'Look up' }).click();
  const detail = section(page, 'Charging session');
  await expect(detail).toContainText(older.id);
  await expect(detail.getByText('Energy from the grid').locator('..')).toContainText(`${num(older.kwhFromGrid)} kWh`);
});

test.describe('an unknown session id', () => {
  test.use({
    allowedConsoleErrors: [/status of 404 \(Not Found\) at http:\/\/localhost:\d+\/api\/o\/demo\/vehicles\/[^/]+\/charging\/chs_nope$/],
  });

  test('gets the upstream error with its request id', async ({ page, request }) => {
    const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
    await page.goto(`${vehicleUrl(id, 'charging')}?session=chs_nope`);
    const alert = section(page, 'Charging session').getByRole('alert');
    await expect(alert).toContainText('Charging session could not be loaded');
    await expect(alert).toContainText('The Vehicle API does not know this item.');
    await expect(alert).toContainText('What to do: Go back to the list and open it again');
    await expect(alert).toContainText('The Vehicle API said: “Charging session chs_nope not found');
    await expect(alert).toContainText(/RESOURCE_NOT_FOUND · request id req_[0-9a-f]{20}/);
  });
});

test('when the upstream has no session list (405), the page says so and look-up by id still works', async ({ page, request }) => {
  // The fixture of specifications is not charged by any other spec, so the one-shot fault is ours.
  const { noSpecificationsVehicleId: id } = await sandboxFixtures(request);
  const session = (await (await request.get(`${dataApi(id, 'charging')}?pageSize=1`)).json()).items[0] as Session;
  const card = section(page, 'Charging sessions');
  // The console's history gathering walks the same list in the background (100 a page): the fault
  // is bound to the page size this visit asks, which no other reader of the list asks.
  const pageSize = 7;
  const fault = await injectSandboxFault(request, {
    kind: 'method_not_allowed',
    method: 'GET',
    path: `/v1/vehicles/${id}/charging-history`,
    query: { maxPageSize: String(pageSize) },
    times: 1,
  });
  try {
    await page.goto(`${vehicleUrl(id, 'charging')}?size=${pageSize}`);
    await expect(card.getByRole('status').filter({ hasText: 'does not list charging sessions' })).toContainText('answered HTTP 405');
  } finally {
    // Used up by the visit unless it failed first; only this spec's fault.
    await removeSandboxFault(request, fault);
  }
  await expect(card.getByRole('table')).toHaveCount(0);
  await expect(card.getByText(/^Request id req_/)).toBeVisible();
  await card.getByLabel('Session id').fill(session.id);
  await card.getByRole('button', { name: 'Look up' }).click();
  await expect(section(page, 'Charging session')).toContainText(`${num(session.kwhInHvb)} kWh`);
});
