import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { seriousViolations } from '../fixtures/axe';
import { screenshotLooks } from '../fixtures/screenshots';
import { dataApi, section, vehicleUrl } from '../fixtures/vehicle-data';
import { listSettled } from '../fixtures/lists';

test.use({ storageState: storageStateOf('manager'), timezoneId: 'Europe/Berlin', locale: 'en-US' });

const HEADER =
  'id,start (UTC),end (UTC),duration (min),energy from the grid (kWh),energy into the battery (kWh),state of charge at start (%),state of charge at end (%),latitude,longitude,median power (kW),outside temperature (°C)';

test('the Charging tab exports exactly the sessions it lists for the range as CSV', async ({ page, request }) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(id, 'charging'));
  const range = page.getByRole('form', { name: 'Charging dates' });
  await range.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);

  const card = section(page, 'Charging sessions');
  await card.getByLabel('Per page').selectOption('100');
  const pages = card.getByRole('navigation', { name: 'Charging sessions pages' });
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  const rows = card.getByRole('table', { name: 'Charging sessions, newest first' }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // While the new range's (or page size's) sessions load, the table keeps the previous ones on
  // screen, marked busy: read the rows once it is not.
  await listSettled(card);
  const listed = (await rows.locator('td:first-child .sr-only').allTextContents()).map((t) => t.replace(/^, details of session /, ''));
  expect(listed.length).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);
  await screenshotLooks(page, 'charging-export');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`charging-${id}.csv`);
  const lines = readFileSync((await file.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(HEADER);
  expect(lines.length - 1).toBe(listed.length);
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(listed);
  // Every figure of the sandbox's sessions is a number, so every column is filled.
  for (const line of lines.slice(1)) expect(line.split(',')).not.toContain('');
});

test('the export refuses a range that ends before it starts, naming the field', async ({ request }) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  const query = new URLSearchParams({ from: '2026-11-02T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' });
  const response = await request.get(`${dataApi(id, 'charging/export')}?${query}`);
  expect(response.status()).toBe(400);
  expect(JSON.stringify(await response.json())).toContain('The end must not be before the start');
});
