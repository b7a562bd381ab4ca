import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { SANDBOX_ADMIN_TOKEN } from '../fixtures/sandbox-token';
import { findVehicle, section, vehicleUrl } from '../fixtures/vehicle-data';

test.use({ storageState: storageStateOf('manager') });

const pad = (n: number) => String(n).padStart(2, '0');
const dayName = (upper: string) => upper.charAt(0) + upper.slice(1).toLowerCase();

test('the battery tab shows state of health against nominal capacity and range against the rated cycle', async ({ page, request }) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(id));
  await page.getByRole('navigation', { name: 'Vehicle sections' }).getByRole('link', { name: 'Battery' }).click();
  await expect(page).toHaveURL(new RegExp(`${vehicleUrl(id, 'battery')}$`));

  const health = section(page, 'State of health');
  await expect(health.getByRole('meter', { name: 'State of health' })).toHaveAttribute('aria-valuetext', /^\d+ %$/);
  await expect(health.getByText(/^\d+(\.\d)? %$/)).toBeVisible();
  await expect(health).toContainText(/Real capacity\s*[\d.]+ kWh/);
  await expect(health).toContainText(/Nominal capacity\s*[\d.]+ kWh/);
  await expect(health).toContainText(/kWh less than when new/);
  await expect(health).toContainText('Calculated by the Vehicle API on');

  const range = section(page, 'Range');
  const table = range.getByRole('table', { name: 'Range against the rated figure' });
  await expect(table.getByRole('rowheader')).toHaveText(['Real range', 'In warm weather', 'In cold weather']);
  await expect(table.getByRole('columnheader', { name: /^Of (WLTP|EPA)$/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /^Real range/ })).toContainText(/[\d,]+ km.*\d+ %/);
  await expect(range).toContainText(/Rated: [\d,]+ km (WLTP|EPA)/);
});

test('a vehicle without battery data says why, instead of an error', async ({ page, request }) => {
  const { noBatteryDataVehicleId: id } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(id, 'battery'));
  for (const name of ['State of health', 'Range']) {
    const card = section(page, name);
    await expect(card.getByText('No battery data yet')).toBeVisible();
    await expect(card).toContainText('It appears after a qualifying charge');
    await expect(card.getByRole('alert')).toHaveCount(0);
  }
});

test('charging windows sit on the weekly departure grid', async ({ page, request }) => {
  type Window = { startHour: number; startMinute: number; endHour: number; endMinute: number; daysOfWeek: string[] };
  const { id, body } = await findVehicle<{ chargingWindows: Window[] }>(request, 'charging-windows', (b) => b.chargingWindows.length > 0);
  await page.goto(vehicleUrl(id, 'maintenance'));
  const grid = section(page, 'Departures and charging windows').getByRole('table', { name: 'Weekly departure and charging schedule' });
  await expect(grid.getByRole('columnheader')).toHaveText(['Day', 'Departures', 'Charging windows']);
  const w = body.chargingWindows[0];
  const text = `${pad(w.startHour)}:${pad(w.startMinute)}–${pad(w.endHour)}:${pad(w.endMinute)}`;
  const row = grid.getByRole('row', { name: new RegExp(`^${dayName(w.daysOfWeek[0])}`) });
  await expect(row.getByRole('cell').last()).toContainText(text);
  const overnight = w.endHour * 60 + w.endMinute <= w.startHour * 60 + w.startMinute;
  if (overnight) await expect(row.getByRole('cell').last()).toContainText(`${text} next day`);
});

test('the listening history says who paused or resumed here, and what came from elsewhere', async ({ page, request }) => {
  const f = await sandboxFixtures(request);
  const fixtureIds = new Set(Object.values(f).flatMap((v) => (typeof v === 'string' ? [v] : [])));
  // A vehicle no other spec toggles: listening, connected, not a fixture.
  const listed = (await (await page.request.get('/api/o/demo/vehicles?pageSize=100')).json()) as {
    items: { id: string; isListening?: boolean; connectionStatus?: string }[];
  };
  const vehicle = listed.items
    .slice(20)
    .find((v) => v.isListening !== false && v.connectionStatus === 'CONNECTED' && !fixtureIds.has(v.id) && v.id !== f.taggedVehicle.id);
  expect(vehicle, 'a listening vehicle beyond the fixtures').toBeTruthy();
  const id = vehicle!.id;

  await page.goto(vehicleUrl(id));
  const toggle = page.getByRole('switch');
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(page.getByText('Listening off.')).toBeVisible();

  // Another client of the Vehicle API resumes it: the vendor records it, Motorpool has no entry.
  const admin = (await (
    await request.get('/sandbox/_admin/organizations', { headers: { 'x-sandbox-admin-token': SANDBOX_ADMIN_TOKEN } })
  ).json()) as { organizations: { clientId: string; clientSecret: string }[] };
  const { clientId, clientSecret } = admin.organizations[0];
  const tokenResponse = await request.post('/sandbox/v1/oauth2/token', {
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    data: 'grant_type=client_credentials',
  });
  const { access_token } = (await tokenResponse.json()) as { access_token: string };
  const resumed = await request.post(`/sandbox/v1/vehicles/${id}/listening`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: { isListening: true },
  });
  expect(resumed.status()).toBe(202);

  await page.reload();
  await page.getByText('Listening history', { exact: true }).click();
  const history = page.getByRole('table', { name: 'Listening history, newest first' });
  const rows = history.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Resumed data collection');
  await expect(rows.nth(1)).toContainText('Outside Motorpool');
  await expect(rows.nth(2)).toContainText('Paused data collection');
  await expect(rows.nth(2)).toContainText('manager@demo.test, in Motorpool');
});
