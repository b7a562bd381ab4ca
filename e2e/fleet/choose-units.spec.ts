import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { dataApi, section, vehicleUrl } from '../fixtures/vehicle-data';

// Preferences are per person: the support user's, so specs reading km as a manager are not affected.
test.use({ storageState: storageStateOf('support'), locale: 'en-US' });

const KM_PER_MILE = 1.609344;
type Journey = { id: string; distanceTravelledKm: number | null };

async function choose(page: Page, values: { distance: string; timeZone?: string }) {
  await page.goto('/o/demo/settings');
  const panel = page.getByRole('region', { name: 'Your units and time' });
  await panel.getByLabel('Distance').selectOption(values.distance);
  if (values.timeZone !== undefined) await panel.getByLabel('Time zone').selectOption(values.timeZone);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile/preferences') && r.request().method() === 'PUT');
  await panel.getByRole('button', { name: 'Save units and time zone' }).click();
  expect((await saved).status()).toBe(200);
}

test.afterEach(async ({ page }) => {
  await choose(page, { distance: 'km', timeZone: '' });
});

test('switching to miles changes the telemetry page and the journeys CSV; times hover in the chosen zone and UTC', async ({
  page,
  request,
}) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(id, 'telemetry'));
  await expect(section(page, 'Telemetry').getByRole('region', { name: 'Odometer' })).toContainText(/[\d,]+ km/);

  await choose(page, { distance: 'mi', timeZone: 'Asia/Tokyo' });

  const answered = page.waitForResponse((r) => r.url().endsWith(dataApi(id, 'telemetry')));
  await page.goto(vehicleUrl(id, 'telemetry'));
  const body = (await (await answered).json()) as { telemetry: { odometer: { value: number } } };
  const telemetry = section(page, 'Telemetry');
  await expect(telemetry.getByRole('region', { name: 'Range' })).toContainText(/[\d,]+ mi/);
  const odometer = telemetry.getByRole('region', { name: 'Odometer' });
  await expect(odometer).toContainText(/[\d,]+ mi/);
  await expect(odometer).not.toContainText(/ km/);
  // The odometer in miles is the km figure the page received, converted.
  const shown = Number((await odometer.innerText()).match(/([\d,]+) mi/)![1].replace(/,/g, ''));
  expect(Math.abs(shown - body.telemetry.odometer.value / KM_PER_MILE)).toBeLessThanOrEqual(1);
  await expect(telemetry.getByRole('img', { name: "The vehicle's position on a map" })).toHaveAttribute('data-ready', 'true', {
    timeout: 15_000,
  });
  const measured = telemetry.locator('time').first();
  await expect(measured).toHaveAttribute('title', /\(Asia\/Tokyo\) · .*Z \(UTC\)$/);

  await page.goto(vehicleUrl(id, 'journeys'));
  const summary = section(page, 'Totals and distance per day');
  await expect(summary.getByRole('definition').nth(1)).toContainText(/ mi$/);
  const download = page.waitForEvent('download');
  await summary.getByRole('button', { name: 'Export CSV' }).click();
  const lines = readFileSync((await (await download).path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'id,start (UTC),stop (UTC),distance (mi),energy used (kWh),state of charge used (%),state of charge at start (%),state of charge at end (%),efficiency (kWh/100 mi),odometer at start (mi),odometer at end (mi)',
  );
  const [firstId, startedAt, , distance] = lines[1].split(',');
  const around = new URLSearchParams({ pageSize: '100', from: startedAt, to: startedAt });
  const listed = (await (await request.get(`${dataApi(id, 'journeys')}?${around}`)).json()) as { items: Journey[] };
  const journey = listed.items.find((j) => j.id === firstId)!;
  expect(journey.distanceTravelledKm).not.toBeNull();
  expect(Number(distance)).toBeCloseTo(journey.distanceTravelledKm! / KM_PER_MILE, 2);
});

test('preferences need a session, and a time zone the runtime does not know is refused', async ({ page, playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { origin: baseURL! },
  });
  const body = { distance: 'mi', temperature: 'f', pressure: 'psi', timeZone: '' };
  expect((await anonymous.put('/api/profile/preferences', { data: body })).status()).toBe(401);
  await anonymous.dispose();

  // The signed-in person's own cookies, from the page's context.
  const refused = await page.request.put('/api/profile/preferences', {
    data: { ...body, timeZone: 'Mars/Olympus' },
    headers: { origin: baseURL! },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('Not a known time zone');
});
