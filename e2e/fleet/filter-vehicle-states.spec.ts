import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { addFilter } from '../fixtures/filter-bar';
import { listSettled } from '../fixtures/lists';
import { storageStateOf } from '../fixtures/roles';

test.use({ storageState: storageStateOf('manager') });

type Vehicle = { id: string; make: string | null; metadata: { lastSeenAt: string | null } | null };
type Page = { items: Vehicle[]; nextPageToken: string | null; totalResults: number | null; snapshotAsOf?: string | null };

const DAY_MS = 86_400_000;

async function listPage(request: APIRequestContext, params: Record<string, string>): Promise<Page> {
  const response = await request.get(`/api/o/demo/vehicles?${new URLSearchParams({ pageSize: '100', ...params })}`);
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

async function listAll(request: APIRequestContext, params: Record<string, string> = {}): Promise<Vehicle[]> {
  const all: Vehicle[] = [];
  let token: string | null = null;
  do {
    const page: Page = await listPage(request, token ? { ...params, pageToken: token } : params);
    all.push(...page.items);
    token = page.nextPageToken;
  } while (token);
  return all;
}

/** The sandbox's stale vehicles, from the upstream's own records: last seen more than 24 hours ago. */
async function staleIds(request: APIRequestContext): Promise<string[]> {
  const cutoff = Date.now() - DAY_MS;
  const all = await listAll(request);
  return all
    .filter((v) => v.metadata?.lastSeenAt && Date.parse(v.metadata.lastSeenAt) < cutoff)
    .map((v) => v.id)
    .sort();
}

test('"not reported for 24 h" lists exactly the stale vehicles, from the URL, with the snapshot age shown', async ({ page, request }) => {
  const expected = await staleIds(request);
  expect(expected.length).toBeGreaterThan(3);
  // The first pass of the snapshot runs at start; it has finished long before, but allow for a slow machine.
  await expect
    .poll(async () => (await listAll(request, { staleHours: '24' })).map((v) => v.id).sort(), { timeout: 30_000 })
    .toEqual(expected);

  await page.goto('/o/demo/vehicles');
  await addFilter(page, 'Not reported for…');
  await page.getByLabel('Not reported for (h)').fill('24');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/staleHours=24/);
  await expect(page.getByText('Not reported for 24 h', { exact: true })).toBeVisible();
  await expect(page.getByTestId('snapshot-age')).toContainText('Vehicle states as of');
  const table = page.getByRole('region', { name: 'Vehicles', exact: true });
  const shown = async () =>
    (
      await table
        .locator('tbody tr td:nth-child(2) a')
        .evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href')!.split('/').at(-1)!)))
    ).sort();
  // One page of the default size: the first stale vehicles, nothing else. The unfiltered page (20
  // rows too) stays on screen, marked busy, until the filtered one arrives.
  await listSettled(table);
  await expect.poll(async () => (await shown()).length).toBe(Math.min(20, expected.length));
  for (const id of await shown()) expect(expected).toContain(id);
  // A bulk action over "every match" would ignore the state filter: with one on, it covers the rows selected on this page only.
  await table.getByRole('checkbox', { name: 'Select every vehicle on this page' }).check();
  const bar = page.getByRole('region', { name: 'Selected vehicles' });
  await expect(bar).toContainText('a bulk action covers the vehicles selected on this page only');
  await expect(bar.getByRole('button', { name: /Select every vehicle the filter matches/ })).toHaveCount(0);

  // A reload rebuilds the view from the URL; removing the chip clears the filter.
  await page.reload();
  await page.getByRole('button', { name: 'Edit the filter: Not reported for 24 h' }).click();
  await expect(page.getByLabel('Not reported for (h)')).toHaveValue('24');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Remove the filter: Not reported for 24 h' }).click();
  await expect(page).not.toHaveURL(/staleHours/);
});

test('state filters combine with the JSON filter, and each pick matches what the vehicle reports', async ({ request }) => {
  const stale = await staleIds(request);
  const make = (await listAll(request)).find((v) => stale.includes(v.id))!.make!;
  const filter = JSON.stringify({ field: 'make', operator: '==', value: make });
  const combined = await listAll(request, { staleHours: '24', filter });
  expect(combined.length).toBeGreaterThan(0);
  for (const v of combined) {
    expect(v.make).toBe(make);
    expect(stale).toContain(v.id);
  }

  // Low charge: every vehicle listed reads below 50% (or has been charging since the snapshot read it).
  const low = await listPage(request, { socBelow: '50' });
  expect(low.items.length).toBeGreaterThan(0);
  expect(low.snapshotAsOf).toEqual(expect.any(String));
  for (const v of low.items.slice(0, 5)) {
    const response = await request.get(`/api/o/demo/vehicles/${encodeURIComponent(v.id)}/telemetry`);
    const { telemetry } = await response.json();
    const charging = telemetry.chargingState?.chargingState === 'CHARGING' || telemetry.chargingState?.chargingState === 'COMPLETE';
    expect(charging || telemetry.stateOfCharge.value < 50, `${v.id} reads ${telemetry.stateOfCharge.value}%`).toBe(true);
  }

  // A value out of range is refused with the field named.
  const bad = await request.get('/api/o/demo/vehicles?socBelow=101');
  expect(bad.status()).toBe(400);
});

test('the overview counts vehicle states from the snapshot, each figure a link to the same filter', async ({ page, request }) => {
  await page.goto('/o/demo');
  const attention = page.getByRole('list', { name: 'Vehicles needing attention' });
  const staleLink = attention.getByRole('link', { name: /Not reported for 24 h/ });
  // The figure is what its link lists (both read the snapshot; other tests change the fleet meanwhile).
  await expect(async () => {
    const listed = (await listAll(request, { staleHours: '24' })).length;
    expect(listed).toBeGreaterThan(3);
    await page.reload();
    await expect(staleLink).toHaveText(new RegExp(`\\D${listed}$`), { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Vehicle states' })).toBeVisible();
  await staleLink.click();
  await expect(page).toHaveURL(/\/o\/demo\/vehicles\?staleHours=24/);
  await expect(page.getByTestId('snapshot-age')).toContainText('Vehicle states as of');
});
