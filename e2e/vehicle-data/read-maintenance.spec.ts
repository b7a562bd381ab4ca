import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { dataApi, dayInZone, findVehicle, section, vehicleUrl } from '../fixtures/vehicle-data';

test.use({ storageState: storageStateOf('manager'), timezoneId: 'UTC' });

type Alert = { severity: string; mappedMessage: string; recommendedAction: string };

test('alerts show their severity as colour, icon and word, with the recommended action', async ({ page, request }) => {
  const { id, body } = await findVehicle<{ alerts: Alert[] }>(request, 'maintenance/alerts', (b) => b.alerts.length > 0);
  await page.goto(vehicleUrl(id, 'maintenance'));
  const list = section(page, 'Manufacturer alerts').getByRole('list', { name: 'Active manufacturer alerts' });
  await expect(list.getByRole('listitem')).toHaveCount(body.alerts.length);
  for (const alert of body.alerts) {
    const item = list.getByRole('listitem').filter({ hasText: alert.mappedMessage });
    const word = alert.severity.charAt(0) + alert.severity.slice(1).toLowerCase();
    await expect(item.getByText(word, { exact: true })).toBeVisible();
    await expect(item.locator('svg').first()).toBeVisible();
  }
});

test('a vehicle without alerts says so; services show due date, distance to go and the last service', async ({ page, request }) => {
  const { id } = await findVehicle<{ alerts: Alert[] }>(request, 'maintenance/alerts', (b) => b.alerts.length === 0);
  const services = (await (await request.get(dataApi(id, 'maintenance/services'))).json()).services as {
    type: string;
    kmToNextService: string | null;
  }[];
  await page.goto(vehicleUrl(id, 'maintenance'));
  await expect(section(page, 'Manufacturer alerts')).toContainText('No active alert');
  const table = section(page, 'Recommended services').getByRole('table', { name: 'Recommended services' });
  const full = table.getByRole('row').filter({ hasText: 'Full service' });
  const km = new Intl.NumberFormat('en-US').format(Number(services.find((s) => s.type === 'FULL_SERVICE')!.kmToNextService));
  await expect(full).toContainText(`${km} km`);
  await expect(full).toContainText(/in \d+ days?|overdue by \d+ days?|due today/);
  await expect(full).toContainText(/at [\d,]+ km/);
});

test('departure times are laid out as a week, Monday first', async ({ page, request }) => {
  type Departure = { hour: number; minute: number; daysOfWeek: string[] };
  const { id, body } = await findVehicle<{ departureTimes: Departure[] }>(request, 'departure-times', (b) => b.departureTimes.length > 0);
  await page.goto(vehicleUrl(id, 'maintenance'));
  const week = section(page, 'Departures and charging windows').getByRole('table', { name: 'Weekly departure and charging schedule' });
  await expect(week.getByRole('rowheader')).toHaveText(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
  const first = body.departureTimes[0];
  const day = first.daysOfWeek[0].charAt(0) + first.daysOfWeek[0].slice(1).toLowerCase();
  const time = `${String(first.hour).padStart(2, '0')}:${String(first.minute).padStart(2, '0')}`;
  await expect(week.getByRole('row', { name: new RegExp(`^${day}`) })).toContainText(time);
});

test('tire pressures default to the last three months, charted per tire with the numbers as a table', async ({ page, request }) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  const call = page.waitForRequest((r) => r.url().includes(`${dataApi(id, 'maintenance/tires')}?`));
  await page.goto(vehicleUrl(id, 'maintenance'));
  const sent = new URL((await call).url()).searchParams;
  const days = (Date.parse(sent.get('to')!) - Date.parse(sent.get('from')!)) / 86_400_000;
  expect(days).toBeGreaterThan(88);
  expect(days).toBeLessThanOrEqual(92);
  const card = section(page, 'Tire pressure history');
  await expect(card.getByRole('form', { name: 'Tire history dates' }).getByLabel('To')).toHaveValue(dayInZone('UTC'));
  await expect(card.getByText('Tire pressure per tire (kPa)')).toBeVisible();
  for (const tire of ['Front left', 'Front right', 'Rear left', 'Rear right'])
    await expect(card.getByText(tire, { exact: true })).toBeVisible();
  await card.getByText('Show the numbers as a table').click();
  const table = card.getByRole('table', { name: /Tire pressure in kPa per day/ });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Day',
    'Front left (kPa)',
    'Front right (kPa)',
    'Rear left (kPa)',
    'Rear right (kPa)',
  ]);
  expect(await table.locator('tbody tr').count()).toBeGreaterThan(85);
});

test('a range over three months is refused before any call; the server refuses it too, naming the field', async ({ page, request }) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(id, 'maintenance'));
  const card = section(page, 'Tire pressure history');
  await expect(card.getByText('Tire pressure per tire (kPa)')).toBeVisible();
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes(dataApi(id, 'maintenance/tires')) && calls.push(r.url()));
  const form = card.getByRole('form', { name: 'Tire history dates' });
  await form.getByLabel('From').fill(dayInZone('UTC', -125));
  await form.getByLabel('To').fill(dayInZone('UTC', -1));
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByText('The range may span at most three months (92 days)')).toBeVisible();
  await expect(form.getByLabel('From')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).not.toHaveURL(/from=/);
  expect(calls).toEqual([]);

  const response = await request.get(`${dataApi(id, 'maintenance/tires')}?from=2026-01-01T00:00:00Z&to=2026-05-01T00:00:00Z`);
  expect(response.status()).toBe(400);
  const body = await response.json();
  expect(body.error.code).toBe('VALIDATION_FAILED');
  expect(body.error.fields).toContainEqual(
    expect.objectContaining({ path: 'from', message: 'The range may span at most three months (92 days)' }),
  );

  // A shorter range is sent, hour by hour.
  const sent = page.waitForRequest((r) => r.url().includes(`${dataApi(id, 'maintenance/tires')}?`));
  await form.getByRole('button', { name: 'Last 7 days' }).click();
  await sent;
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=/);
  await card.getByText('Show the numbers as a table').click();
  await expect(card.getByRole('table', { name: 'Tire pressure in kPa per hour' })).toBeVisible();
});

test('dates in the address that are not a range load nothing and say why', async ({ page, request }) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes(dataApi(id, 'maintenance/tires')) && calls.push(r.url()));
  const card = section(page, 'Tire pressure history');
  await page.goto(`${vehicleUrl(id, 'maintenance')}?from=2026-03-02&to=2026-03-01`);
  await expect(card.getByText('Nothing was loaded: The end date must not be before the start date. Choose other dates.')).toBeVisible();
  await page.goto(`${vehicleUrl(id, 'maintenance')}?from=2026-02-30&to=2026-03-01`);
  await expect(card.getByText('Nothing was loaded: The start date must be a real date (YYYY-MM-DD). Choose other dates.')).toBeVisible();
  expect(calls).toEqual([]);
});
