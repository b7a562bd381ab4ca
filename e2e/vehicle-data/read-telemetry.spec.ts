import { expect, test } from '../fixtures/test';
import { spareVehicle } from '../fixtures/fleet';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { dataApi, section, vehicleUrl } from '../fixtures/vehicle-data';

test.use({ storageState: storageStateOf('manager') });

const KEY_CARDS = ['State of charge', 'Range', 'Odometer', 'Charging', 'Location', 'Locks', 'Tire pressures'];

test('the tabs are reached by keyboard, each has its own URL, and Back returns', async ({ page, request }) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(id));
  const tabs = page.getByRole('navigation', { name: 'Vehicle sections' });
  await expect(tabs.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'Overview' }).focus();
  await page.keyboard.press('Tab');
  await expect(tabs.getByRole('link', { name: 'Telemetry' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${vehicleUrl(id, 'telemetry')}$`));
  await expect(tabs.getByRole('link', { name: 'Telemetry' })).toHaveAttribute('aria-current', 'page');
  await expect(section(page, 'Telemetry')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${vehicleUrl(id)}$`));
  await expect(page.getByRole('region', { name: 'Remote commands' })).toBeVisible();
  await page.goForward();
  await expect(section(page, 'Telemetry')).toBeVisible();
});

test('the key cards show values with units and when they were measured; every other signal is listed', async ({ page, request }) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(id, 'telemetry'));
  const telemetry = section(page, 'Telemetry');
  for (const name of KEY_CARDS) await expect(telemetry.getByRole('region', { name }).getByText(/^Measured /)).toBeVisible();
  await expect(telemetry.getByRole('region', { name: 'State of charge' })).toContainText(/\d+ %/);
  await expect(telemetry.getByRole('region', { name: 'Range' })).toContainText(/[\d,]+ km/);
  await expect(telemetry.getByRole('region', { name: 'Odometer' })).toContainText(/[\d,]+ km/);
  await expect(telemetry.getByRole('region', { name: 'Tire pressures' })).toContainText(/Front left\s*[\d.]+ kPa/);
  await expect(telemetry.getByRole('region', { name: 'Location' }).getByRole('link', { name: /Open in OpenStreetMap/ })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/\?mlat=/,
  );
  const others = telemetry.getByRole('region', { name: 'Other signals' });
  await expect(others.getByRole('row', { name: /^Heading \d+°/ })).toBeVisible();
  await expect(others.getByRole('row', { name: /^Charge current limit 16 A/ })).toBeVisible();
  await expect(others.getByRole('row', { name: /^Security: front trunk (Closed|Open)/ })).toBeVisible();
});

test('values measured days ago are marked stale; fresh ones after a command are not', async ({ page, request }) => {
  const { offlineVehicleId } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(offlineVehicleId, 'telemetry'));
  const offline = section(page, 'Telemetry');
  await expect(offline.getByRole('region', { name: 'Odometer' })).toContainText('3 days ago');
  for (const name of KEY_CARDS) await expect(offline.getByRole('region', { name }).getByText(/^Stale: older than/)).toBeVisible();

  // A lock command that executes updates the vehicle's state: measured just now, nothing stale.
  const vehicle = await spareVehicle(request, 8);
  await page.goto(vehicleUrl(vehicle.id));
  await page.getByRole('region', { name: 'Remote commands' }).getByRole('button', { name: 'Lock doors', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Latest command' }).getByText('Executed')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('navigation', { name: 'Vehicle sections' }).getByRole('link', { name: 'Telemetry' }).click();
  const telemetry = section(page, 'Telemetry');
  await telemetry.getByRole('button', { name: 'Refresh' }).click();
  await expect(telemetry.getByRole('region', { name: 'Locks' })).toContainText('Locked');
  await expect(telemetry.getByRole('region', { name: 'Locks' })).toContainText(/less than a minute ago|1 min ago/);
  await expect(telemetry.getByText(/^Stale: older than/)).toHaveCount(0);
});

test('refresh asks the Vehicle API again, and auto-refresh does so every 30 seconds', async ({ page, request }) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  await page.clock.install();
  await page.goto(vehicleUrl(id, 'telemetry'));
  const telemetry = section(page, 'Telemetry');
  const requestId = () => telemetry.getByText(/^Request id/).textContent();
  await expect(telemetry.getByText(/^Request id req_/)).toBeVisible();
  const first = await requestId();

  const refreshed = page.waitForResponse((r) => r.url().endsWith(dataApi(id, 'telemetry')));
  await telemetry.getByRole('button', { name: 'Refresh' }).click();
  const response = await refreshed;
  // A person's refresh asks past the reads the console's instances share (Cache-Control: no-cache).
  expect(response.request().headers()['cache-control']).toBe('no-cache');
  const body = await response.json();
  await expect(telemetry.getByText(`Request id ${body.requestId}`)).toBeVisible();
  expect(body.requestId).not.toBe(first?.replace('Request id ', ''));

  await telemetry.getByRole('checkbox', { name: 'Auto-refresh every 30 s' }).check();
  const automatic = page.waitForRequest((r) => r.url().endsWith(dataApi(id, 'telemetry')));
  await page.clock.fastForward(31_000);
  expect((await automatic).headers()['cache-control']).toBeUndefined();
  await expect(telemetry).toContainText('refreshing every 30 seconds');
});
