import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { addFilter } from '../fixtures/filter-bar';
import { listSettled } from '../fixtures/lists';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';

test.use({ storageState: storageStateOf('manager') });

type Health = { percent: number | null; at: string | null; noData: boolean; failed: boolean; checkedAt: string | null };
type Vehicle = { id: string; batteryHealth?: Health | null };
type Page = { items: Vehicle[]; nextPageToken: string | null; totalResults: number | null };

const THRESHOLD = 90;

async function listAll(request: APIRequestContext, params: Record<string, string> = {}): Promise<Vehicle[]> {
  const all: Vehicle[] = [];
  let token: string | null = null;
  do {
    const query = new URLSearchParams({ pageSize: '100', ...params, ...(token ? { pageToken: token } : {}) });
    const response = await request.get(`/api/o/demo/vehicles?${query}`);
    expect(response.ok(), await response.text()).toBe(true);
    const page: Page = await response.json();
    all.push(...page.items);
    token = page.nextPageToken;
  } while (token);
  return all;
}

const below = (vehicles: Vehicle[]) =>
  vehicles
    .filter((v) => typeof v.batteryHealth?.percent === 'number' && v.batteryHealth.percent < THRESHOLD)
    .map((v) => v.id)
    .sort();

test('"battery health below 90%" lists exactly the vehicles the snapshot read below it, each checked against the vehicle’s own battery tab', async ({
  page,
  request,
}) => {
  // The snapshot's first pass (at start) reads every listening, connected vehicle's state of health once.
  let expected: string[] = [];
  await expect
    .poll(
      async () => {
        const all = await listAll(request);
        expected = below(all);
        return all.filter((v) => v.batteryHealth).length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(20);
  expect(expected.length).toBeGreaterThan(2);
  const filtered = await listAll(request, { healthBelow: String(THRESHOLD) });
  expect(filtered.map((v) => v.id).sort()).toEqual(expected);

  // The figure is the vendor's (the vehicle's battery tab reads the service directly), with its calculation date.
  for (const v of filtered.slice(0, 3)) {
    const response = await request.get(`/api/o/demo/vehicles/${encodeURIComponent(v.id)}/battery/state-of-health`);
    expect(response.ok()).toBe(true);
    const body = await response.json();
    expect(body.stateOfHealth.stateOfHealth).toBeCloseTo(v.batteryHealth!.percent!, 5);
    expect(Date.parse(v.batteryHealth!.at!)).toBe(Date.parse(body.stateOfHealth.calculationDate));
  }

  // A vehicle the service holds no battery data for is recorded as such (a 404 is not an error) and never matches.
  const { noBatteryDataVehicleId } = await sandboxFixtures(request);
  const none = (await listAll(request)).find((v) => v.id === noBatteryDataVehicleId);
  expect(none?.batteryHealth).toMatchObject({ percent: null, noData: true, failed: false });

  // A value out of range is refused.
  expect((await request.get('/api/o/demo/vehicles?healthBelow=0')).status()).toBe(400);

  // In the console: the filter from the form, kept in the URL, the column with each figure's age.
  await page.goto('/o/demo/vehicles');
  await addFilter(page, 'Battery health below…');
  await page.getByLabel('Battery health below (%)').fill(String(THRESHOLD));
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`healthBelow=${THRESHOLD}`));
  await expect(page.getByText(`Battery health below ${THRESHOLD}%`, { exact: true })).toBeVisible();
  const table = page.getByRole('region', { name: 'Vehicles', exact: true });
  await expect(table.getByRole('columnheader', { name: 'Battery health' })).toBeVisible();
  const column = await table
    .locator('thead th')
    .evaluateAll((headers) => headers.findIndex((th) => th.textContent?.trim().startsWith('Battery health')) + 1);
  expect(column).toBeGreaterThan(0);
  const cells = table.locator(`tbody tr:not([aria-hidden]) td:nth-child(${column})`);
  // The unfiltered page (also 20 rows) stays on screen, marked busy, until the filtered one arrives: wait for the filtered rows.
  await listSettled(table);
  const figures = async () =>
    (await cells.allTextContents()).map((text) => {
      const match = /^(\d+\.\d)%\s*\((.+ ago|yesterday)\)$/.exec(text.trim());
      return match ? Number(match[1]) : text;
    });
  await expect
    .poll(async () => (await figures()).filter((f) => typeof f === 'number' && f < THRESHOLD).length)
    .toBe(Math.min(20, expected.length));
  for (const figure of await figures()) expect(figure).toBeLessThan(THRESHOLD);

  // A reload rebuilds the view from the URL; removing the chip clears the filter.
  await page.reload();
  await page.getByRole('button', { name: `Edit the filter: Battery health below ${THRESHOLD}%` }).click();
  await expect(page.getByLabel('Battery health below (%)')).toHaveValue(String(THRESHOLD));
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Remove the filter: Battery health below ${THRESHOLD}%` }).click();
  await expect(page).not.toHaveURL(/healthBelow/);
});
