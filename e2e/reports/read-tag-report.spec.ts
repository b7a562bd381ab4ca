import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { screenshotLooks } from '../fixtures/screenshots';

test.use({ storageState: storageStateOf('manager') });

type Report = { rows: { vehicleId: string }[]; total: { distanceKm: number; energyChargedKwh: number } };

/** The kilometres and count of a vehicle's stored journeys of the month, from its logbook CSV. */
async function logbookKm(request: APIRequestContext, vehicleId: string, month: string): Promise<{ km: number; journeys: number }> {
  const response = await request.get(`/api/o/demo/reports/logbook/${vehicleId}?period=${month}`);
  expect(response.ok()).toBe(true);
  const [header, ...lines] = (await response.text()).trimEnd().split('\r\n');
  const column = header.split(',').indexOf('distance_km');
  // Places are quoted ("lat, lon"): take the distance from the line's end, which holds no quotes.
  const km = lines.reduce((sum, line) => sum + Number(line.split(',').at(column - header.split(',').length) ?? 0), 0);
  return { km, journeys: lines.length };
}

/**
 * Sums a figure over every item of a vehicle's list that started within the month, read page by
 * page from the upstream through the vehicle's own routes (its Journeys and Charging tabs).
 */
async function upstreamSum(request: APIRequestContext, path: string, month: { from: string; to: string }, figure: (item: never) => number) {
  let sum = 0;
  let pageToken: string | null = null;
  do {
    const query = new URLSearchParams({ from: month.from, to: month.to, pageSize: '100', ...(pageToken ? { pageToken } : {}) });
    const response = await request.get(`${path}?${query}`, { headers: { 'Cache-Control': 'no-cache' } });
    expect(response.ok(), await response.text()).toBe(true);
    const page = (await response.json()) as { items: never[]; nextPageToken: string | null };
    for (const item of page.items) sum += figure(item) ?? 0;
    pageToken = page.nextPageToken;
  } while (pageToken);
  return sum;
}

/** Last month, in UTC as the report counts it: complete, so the upstream's side no longer moves. */
function lastMonth(now = new Date()) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1);
  return { key: start.toISOString().slice(0, 7), from: start.toISOString(), to: end.toISOString() };
}

test('a tag’s month in Reports is the sum of its vehicles’ journeys and charging read from the upstream, and the table downloads as CSV', async ({
  page,
  request,
}) => {
  const { taggedVehicle } = await sandboxFixtures(request);
  const month = lastMonth();
  const search = `period=${month.key}&tagKey=${encodeURIComponent(taggedVehicle.key)}&tagValue=${encodeURIComponent(taggedVehicle.value)}`;

  // The embedded sandbox's first history pass starts a minute after start-up and gathers the last 90 days: wait until the store's
  // month is the upstream's (up to 150 s, when this test runs soon after the server started; the test's own time allows for it).
  test.setTimeout(240_000);
  const expected = { km: 0, kwh: 0 };
  await expect
    .poll(
      async () => {
        const report = (await (await request.get(`/api/o/demo/reports?${search}`)).json()) as Report;
        expect(report.rows.map((r) => r.vehicleId)).toContain(taggedVehicle.id);
        expected.km = 0;
        expected.kwh = 0;
        for (const row of report.rows) {
          const vehicle = `/api/o/demo/vehicles/${row.vehicleId}`;
          expected.km += await upstreamSum(
            request,
            `${vehicle}/journeys`,
            month,
            (j: { distanceTravelledKm: number }) => j.distanceTravelledKm,
          );
          expected.kwh += await upstreamSum(request, `${vehicle}/charging`, month, (c: { kwhFromGrid: number }) => c.kwhFromGrid);
        }
        return [
          expected.km > 0 && expected.kwh > 0,
          report.total.distanceKm - expected.km,
          report.total.energyChargedKwh - expected.kwh,
        ].map((v) => (typeof v === 'number' ? Math.abs(v) < 0.05 : v));
      },
      { timeout: 150_000, intervals: [2_000, 5_000] },
    )
    .toEqual([true, true, true]);

  await page.goto(`/o/demo/reports?${search}`);
  await expect(page.getByRole('link', { name: 'Reports', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('report-coverage')).toContainText('vehicle-days have data');
  const shown = await page.getByTestId('report-total-distance').innerText();
  expect(Number(shown.replace(/[^\d.]/g, ''))).toBeCloseTo(expected.km, 1);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('region', { name: 'Per vehicle', exact: true }).first().getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const csv = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  const total = csv.at(-1)!.split(',');
  expect(total[0]).toBe('TOTAL');
  expect(Number(total[3])).toBeCloseTo(expected.km, 1);

  await screenshotLooks(page, 'reports');
  // The vehicle's logbook prints without the console's frame.
  await page.goto(`/o/demo/reports/logbook/${taggedVehicle.id}?period=${month.key}`);
  const { journeys } = await logbookKm(request, taggedVehicle.id, month.key);
  await expect(page.getByTestId('logbook-entry')).toHaveCount(journeys);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await screenshotLooks(page, 'reports-logbook-print');
  await page.emulateMedia({ media: 'screen' });
});

test('a manager mails the report monthly to a member, sees it listed, and stops it after a confirmation', async ({ page }) => {
  await page.goto('/o/demo/reports');
  const card = page.getByRole('region', { name: 'By e-mail' });
  const form = card.getByRole('form', { name: 'Schedule this report' });
  // None chosen: refused, naming the recipients.
  await form.getByRole('button', { name: 'Schedule' }).click();
  await expect(form.getByText('Choose at least one recipient')).toBeVisible();
  await form.getByLabel('How often').selectOption('monthly');
  await form.getByRole('checkbox', { name: /support@demo\.test/ }).check();
  await form.getByRole('button', { name: 'Schedule' }).click();
  const item = card.getByTestId('report-schedule').filter({ hasText: 'Monthly report of all vehicles' });
  await expect(item).toContainText('support');
  await expect(item).toContainText('next');
  await item.getByRole('button', { name: 'Remove: Monthly report of all vehicles' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Stop sending' }).click();
  // The removal reads the list again; a busy machine (the demo's history pass) can take a while.
  await expect(item).toHaveCount(0, { timeout: 30_000 });
});
