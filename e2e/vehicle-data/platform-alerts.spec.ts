import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { addFilter, filterChips } from '../fixtures/filter-bar';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { section, vehicleUrl } from '../fixtures/vehicle-data';

test.use({ storageState: storageStateOf('manager') });

test('a vehicle’s alerts tab lists its platform alerts with severity, status and resolution steps that stay ticked', async ({
  page,
  request,
}) => {
  const { offlineVehicleId: id } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(id));
  await page.getByRole('navigation', { name: 'Vehicle sections' }).getByRole('link', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(new RegExp(`${vehicleUrl(id, 'alerts')}$`));

  const card = section(page, 'Platform alerts');
  const alert = card.getByRole('listitem', { name: 'Vehicle not seen for 48 hours' });
  await expect(alert).toContainText('High');
  await expect(alert).toContainText('Active');
  await expect(card).toContainText(/\d+ open: .*high/);
  const steps = alert.getByRole('group', { name: /Resolution steps: 0 of 3 done/ });
  const first = steps.getByRole('checkbox', { name: /Ask the driver to start the vehicle/ });
  // A click, then the count awaited: the box follows the team's ticks, so it shows the tick once the
  // mutation's state has rendered (a task later), not within the click that `check()` inspects.
  await first.click();
  await expect(alert.getByRole('group', { name: /1 of 3 done/ })).toBeVisible();

  // The tick is the team's (saved in the database): kept across a reload, and the read is served from the cache.
  await page.reload();
  await expect(section(page, 'Platform alerts').getByRole('checkbox', { name: /Ask the driver to start the vehicle/ })).toBeChecked();

  // Filters live in the URL: all statuses and muted alerts shown.
  await addFilter(page, 'Status…');
  await page.getByLabel('Status', { exact: true }).selectOption('all');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await addFilter(page, 'Show muted');
  await expect(page).toHaveURL(/status=all/);
  await expect(page).toHaveURL(/muted=shown/);
  await expect(filterChips(page)).toHaveText(['Status: All', 'Muted alerts shown']);
});

test('a vehicle without platform alerts says so', async ({ page, request }) => {
  const { noJourneysVehicleId: id } = await sandboxFixtures(request);
  await page.goto(vehicleUrl(id, 'alerts'));
  await expect(section(page, 'Platform alerts').getByText('No alerts', { exact: true })).toBeVisible();
});

test('the fleet inbox reads every vehicle in batches and links each alert to its vehicle', async ({ page, request }) => {
  const { offlineVehicleId: id } = await sandboxFixtures(request);
  await page.goto('/o/demo');
  await page.getByRole('navigation', { name: 'Sections', exact: true }).getByRole('link', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(/\/o\/demo\/alerts$/);
  await expect(page.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible();
  // Every vehicle read: the progress goes away.
  await expect(page.getByText(/Reading alerts:/)).toHaveCount(0, { timeout: 30_000 });
  const inbox = page.getByRole('list', { name: 'Platform alerts of the fleet' });
  const pager = page.getByRole('navigation', { name: 'Alerts pages' });
  /** Pages forward until `item` shows: the inbox pages its alerts, and the sandbox keeps raising newer ones ahead of older. */
  const pageTo = async (item: Locator) => {
    await expect(inbox.getByRole('listitem').first()).toBeVisible();
    const next = pager.getByRole('button', { name: 'Next' });
    while ((await item.count()) === 0 && (await next.isEnabled())) {
      const before = await pager.locator('p').textContent();
      await next.click();
      await expect(pager.locator('p')).not.toHaveText(before!);
    }
    await expect(item.first()).toBeVisible();
  };
  await pageTo(inbox.getByRole('listitem', { name: 'Vehicle not seen for 48 hours' }));
  const severity = async (value: string) => {
    await addFilter(page, 'Severity…');
    await page.getByLabel('Severity', { exact: true }).selectOption(value);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
  };
  await severity('CRITICAL');
  await expect(page).toHaveURL(/severity=CRITICAL/);
  await expect(inbox.getByRole('listitem', { name: 'Vehicle not seen for 48 hours' })).toHaveCount(0);
  await severity('HIGH');
  const mine = inbox
    .getByRole('listitem', { name: 'Vehicle not seen for 48 hours' })
    .filter({ has: page.locator(`a[href$="/vehicles/${id}/alerts"]`) });
  await pageTo(mine);
  await mine.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${vehicleUrl(id, 'alerts')}$`));
  await expect(section(page, 'Platform alerts').getByRole('listitem', { name: 'Vehicle not seen for 48 hours' })).toBeVisible();
});

test('the fleet inbox pages its alerts with the one pager, page and size in the URL, a filter change back on page one', async ({
  page,
}) => {
  await page.goto('/o/demo/alerts?status=all&muted=shown');
  await expect(page.getByText(/Reading alerts:/)).toHaveCount(0, { timeout: 30_000 });
  const inbox = page.getByRole('list', { name: 'Platform alerts of the fleet' });
  // The alerts themselves, not their resolution steps (a list inside each).
  const alerts = inbox.locator(':scope > li');
  const pager = page.getByRole('navigation', { name: 'Alerts pages' });
  const where = pager.locator('p');
  // Every alert of the demo fleet, twenty to a page. The sandbox keeps raising alerts while other
  // specs run, so each step reads the total it shows and checks the pager against that figure.
  const pagerText = async (pattern: RegExp) => {
    await expect(where).toHaveText(pattern);
    const [, page_, pages, from, to, total] = /^Page (\d+) of (\d+) · (\d+)–(\d+) of (\d+)$/
      .exec((await where.textContent())!)!
      .map(Number);
    return { page: page_, pages, from, to, total };
  };
  const one = await pagerText(/^Page 1 of \d+ · 1–20 of \d+$/);
  expect(one.total).toBeGreaterThan(100);
  expect(one.pages).toBe(Math.ceil(one.total / 20));
  await expect(alerts).toHaveCount(20);
  const first = await alerts.allTextContents();

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await pagerText(/^Page 2 of \d+ · 21–40 of \d+$/);
  await expect(alerts).toHaveCount(20);
  expect(await alerts.allTextContents()).not.toEqual(first);

  // A larger page size starts again on page one; the last page holds the rest.
  await pager.getByLabel('Per page').selectOption('100');
  await expect(page).toHaveURL(/size=100/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  const hundred = await pagerText(/^Page 1 of \d+ · 1–100 of \d+$/);
  expect(hundred.pages).toBe(Math.ceil(hundred.total / 100));
  // The total may cross a hundred between two reads; the last page is the one that says so.
  let last = hundred;
  await expect(async () => {
    await page.goto(`/o/demo/alerts?status=all&muted=shown&size=100&page=${last.pages}`);
    last = await pagerText(/^Page \d+ of \d+ · \d+–\d+ of \d+$/);
    expect(last.page).toBe(last.pages);
    expect(last.from).toBe((last.pages - 1) * 100 + 1);
    expect(last.to).toBe(last.total);
    await expect(alerts).toHaveCount(last.total - (last.pages - 1) * 100, { timeout: 2_000 });
    await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const total = last.total;

  // A filter narrows the list and goes back to page one, keeping the size.
  await addFilter(page, 'Severity…');
  await page.getByLabel('Severity', { exact: true }).selectOption('CRITICAL');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/severity=CRITICAL/);
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(where).toHaveText(/^Page 1 of 1 · 1–\d+ of \d+$/);
  const critical = await alerts.count();
  expect(critical).toBeGreaterThan(0);
  expect(critical).toBeLessThan(total);
  for (const item of await alerts.all()) await expect(item).toContainText('Critical');
});
