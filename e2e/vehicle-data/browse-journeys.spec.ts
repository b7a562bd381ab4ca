import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { dataApi, dayInZone, section, vehicleUrl } from '../fixtures/vehicle-data';
import { listSettled } from '../fixtures/lists';

// The viewer's zone decides which day a journey belongs to; Berlin is not UTC, so this shows it.
const ZONE = 'Europe/Berlin';
test.use({ storageState: storageStateOf('manager'), timezoneId: ZONE, locale: 'en-US' });

type Journey = { id: string; startTimestamp: string; distanceTravelledKm: number; energyUsedKwh: number };

/** Midnight at the start of a Berlin day, and the last millisecond of one, as instants. */
function berlinDayStart(day: string): string {
  for (const offset of [1, 2]) {
    const candidate = new Date(Date.parse(`${day}T00:00:00Z`) - offset * 3_600_000);
    if (dayInZone(ZONE, 0, candidate) === day && dayInZone(ZONE, 0, new Date(candidate.getTime() - 1)) !== day)
      return candidate.toISOString();
  }
  throw new Error(`no Berlin midnight for ${day}`);
}
const addDay = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function journeysBetween(
  request: import('@playwright/test').APIRequestContext,
  id: string,
  from: string,
  to: string,
): Promise<Journey[]> {
  const all: Journey[] = [];
  let token: string | null = null;
  do {
    const query: URLSearchParams = new URLSearchParams({ pageSize: '100', from, to, ...(token ? { pageToken: token } : {}) });
    const page: { items: Journey[]; nextPageToken: string | null } = await (
      await request.get(`${dataApi(id, 'journeys')}?${query}`)
    ).json();
    all.push(...page.items);
    token = page.nextPageToken;
  } while (token);
  return all;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const km = (n: number) => `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(n)} km`;

test('a date range goes to the Vehicle API as the contract filter, in the viewer’s days, with totals, chart and CSV of that range', async ({
  page,
  request,
}) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  const from = dayInZone(ZONE, -12);
  const to = dayInZone(ZONE, -6);
  const instants = { from: berlinDayStart(from), to: new Date(Date.parse(berlinDayStart(addDay(to, 1))) - 1).toISOString() };
  const expected = await journeysBetween(request, id, instants.from, instants.to);
  expect(expected.length).toBeGreaterThan(0);

  await page.goto(vehicleUrl(id, 'journeys'));
  const form = page.getByRole('form', { name: 'Journey dates' });
  await form.getByLabel('From').fill(from);
  await form.getByLabel('To').fill(to);
  const listCall = page.waitForRequest((r) => r.url().includes(`${dataApi(id, 'journeys')}?`) && r.url().includes('pageSize=20'));
  await form.getByRole('button', { name: 'Apply' }).click();
  const sent = new URL((await listCall).url()).searchParams;
  expect({ from: sent.get('from'), to: sent.get('to') }).toEqual(instants);
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));

  const summary = section(page, 'Totals and distance per day');
  const totals = summary.locator('dl[aria-label="Totals of the range"]');
  await expect(totals).toContainText(
    new RegExp(`Journeys\\s*${expected.length}Distance\\s*${escape(km(expected.reduce((s, j) => s + j.distanceTravelledKm, 0)))}`),
  );
  await expect(summary).toContainText('kWh/100 km');

  await summary.getByText('Show the numbers as a table').click();
  const perDay = summary.getByRole('table', { name: 'Distance and energy used per day' });
  await expect(perDay.getByRole('row')).toHaveCount(1 + 7);

  const list = section(page, 'Journeys');
  // The list is its own request: the totals above can arrive first. Until it answers, the default
  // range's first page (20 rows too, when the range holds 20 or more) stays on screen, marked busy.
  await listSettled(list);
  await expect(list.getByRole('row').locator('td:first-child time')).toHaveCount(Math.min(20, expected.length));
  const starts = await list
    .getByRole('row')
    .locator('td:first-child time')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime')!));
  expect(starts.length).toBe(Math.min(20, expected.length));
  expect([...starts].sort().reverse()).toEqual(starts);
  for (const start of starts) expect(start >= instants.from && start <= instants.to).toBe(true);

  const download = page.waitForEvent('download');
  await summary.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`journeys-${id}-${from}-to-${to}.csv`);
  const lines = readFileSync((await file.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'id,start (UTC),stop (UTC),distance (km),energy used (kWh),state of charge used (%),state of charge at start (%),state of charge at end (%),efficiency (kWh/100 km),odometer at start (km),odometer at end (km)',
  );
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',')[0])
      .sort(),
  ).toEqual(expected.map((j) => j.id).sort());
});

test('the list pages newest first, keeps its page in the URL, and Back returns to the first page', async ({ page, request }) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(id, 'journeys'));
  const list = section(page, 'Journeys');
  const pager = list.getByRole('navigation', { name: 'Journeys pages' });
  await expect(pager).toContainText(/Page 1 · 1–20 of \d+/);
  const startsOnPage = () =>
    list.locator('tbody tr td:first-child time').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime')!));
  // The start times render in the browser after the rows: read the page once all twenty show one.
  await expect.poll(async () => (await startsOnPage()).length).toBe(20);
  const pageOne = await startsOnPage();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/pages=/);
  await expect(pager).toContainText(/Page 2 · 21–/);
  await expect.poll(async () => (await startsOnPage())[0]).not.toBe(pageOne[0]);
  const pageTwo = await startsOnPage();
  // Newest first across pages. The sandbox's vehicle keeps driving: a journey that ends between the
  // two reads pushes page one's last onto page two, so that one may come again, never a newer one.
  expect(pageTwo[0] <= pageOne.at(-1)!, JSON.stringify({ pageOneLast: pageOne.at(-1), pageTwoFirst: pageTwo[0] })).toBe(true);
  await page.goBack();
  await expect(pager).toContainText(/Page 1 · 1–20/);
  await expect.poll(async () => (await startsOnPage())[0]).toBe(pageOne[0]);
});

test('a vehicle without journeys says so plainly', async ({ page, request }) => {
  const { noJourneysVehicleId } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(noJourneysVehicleId, 'journeys'));
  await expect(section(page, 'Journeys').getByText('No journeys in this period')).toBeVisible();
  await expect(section(page, 'Journeys')).toContainText('The vehicle reported no journeys from');
  const summary = section(page, 'Totals and distance per day');
  await expect(summary).toContainText('No journeys in this range, so there is nothing to chart.');
  await expect(summary.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
});

test('a reversed range is refused in the form and nothing is sent', async ({ page, request }) => {
  const { onlineListeningVehicleId: id } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(id, 'journeys'));
  await expect(section(page, 'Journeys').getByRole('navigation', { name: 'Journeys pages' })).toBeVisible();
  const calls: string[] = [];
  page.on('request', (r) => r.url().includes(dataApi(id, 'journeys')) && calls.push(r.url()));
  const form = page.getByRole('form', { name: 'Journey dates' });
  await form.getByLabel('From').fill(dayInZone(ZONE, -2));
  await form.getByLabel('To').fill(dayInZone(ZONE, -5));
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByText('The end date must not be before the start date')).toBeVisible();
  await expect(form.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
  expect(calls).toEqual([]);
});
