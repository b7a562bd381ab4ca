import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { apiAs, createConsentLinkAs } from '../fixtures/connect';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { seriousViolations } from '../fixtures/axe';
import { addFilter, filterChips } from '../fixtures/filter-bar';
import { tagVehicles } from '../fixtures/fleet';

test.use({ storageState: storageStateOf('admin') });

const WIDE = { width: 1400, height: 900 };
const NARROW = { width: 360, height: 800 };

/** Each list page and its first data row. */
const LISTS: { name: string; path: string; firstRow: (page: Page) => Locator }[] = [
  {
    name: 'vehicles',
    path: '/o/demo/vehicles',
    firstRow: (p) => p.getByRole('region', { name: 'Vehicles', exact: true }).locator('tbody tr').first(),
  },
  {
    name: 'command history',
    path: '/o/demo/commands',
    firstRow: (p) => p.getByRole('region', { name: 'Command history' }).locator('tbody tr').first(),
  },
  { name: 'audit', path: '/o/demo/audit', firstRow: (p) => p.getByRole('region', { name: 'Audit events' }).locator('tbody tr').first() },
  {
    name: 'alerts inbox',
    path: '/o/demo/alerts?status=all&muted=shown',
    firstRow: (p) => p.getByRole('list', { name: 'Platform alerts of the fleet' }).getByRole('listitem').first(),
  },
  {
    name: 'eligibility checks',
    path: '/o/demo/eligibility',
    firstRow: (p) => p.getByRole('region', { name: 'Eligibility checks' }).locator('tbody tr').first(),
  },
  {
    name: 'consent links',
    path: '/o/demo/connect',
    firstRow: (p) => p.getByRole('region', { name: 'Consent links', exact: true }).locator('tbody tr').first(),
  },
  {
    name: 'onboarding',
    path: '/o/demo/onboarding',
    firstRow: (p) => p.getByRole('region', { name: 'Onboarding' }).locator('tbody tr').first(),
  },
];

/** The row's top once the page has stopped moving (bars that hydrate late would push it down). */
async function settledTop(row: Locator): Promise<number> {
  await expect(row).toBeVisible({ timeout: 30_000 });
  let last = -1;
  for (let i = 0; i < 20; i++) {
    const top = await row.evaluate((el) => el.getBoundingClientRect().top);
    if (top === last) return top;
    last = top;
    await row.page().waitForTimeout(250);
  }
  return last;
}

/**
 * What a list needs to have a first row, made through the API before the page opens: a command to
 * the offline vehicle that no other spec sends there (one already running would be refused, 409).
 */
function sendCommand(command: 'CLIMATE_ON' | 'CLIMATE_OFF') {
  return async (page: Page, baseURL: string) => {
    const { offlineVehicleId } = await sandboxFixtures(page.request);
    const admin = await apiAs(baseURL, 'admin');
    const sent = await admin.post(`/api/o/demo/vehicles/${offlineVehicleId}/commands`, { data: { command } });
    expect(sent.ok(), await sent.text()).toBe(true);
    await admin.dispose();
  };
}

const SEEDS: Record<string, (page: Page, baseURL: string) => Promise<void>> = {
  'command history': sendCommand('CLIMATE_ON'),
  audit: sendCommand('CLIMATE_OFF'),
  'eligibility checks': async (_page, baseURL) => {
    const admin = await apiAs(baseURL, 'admin');
    expect((await admin.post('/api/o/demo/eligibility', { data: { vins: [{ vin: 'WBA3A5C50DF000002', countryCode: 'DE' }] } })).ok()).toBe(
      true,
    );
    await admin.dispose();
  },
  'consent links': (_page, baseURL) => createConsentLinkAs(baseURL, 'admin', { makes: ['Kia'] }).then(() => undefined),
  onboarding: (_page, baseURL) => createConsentLinkAs(baseURL, 'admin', { makes: ['Kia'] }).then(() => undefined),
};

test.describe('every list page shows its first row in the upper half at 1400 x 900 and on the first screen at 360 x 800, axe clean in light, dark and at 360 px', () => {
  // One test per list, spread over the workers: as one test, the seven lists ran alone at the end of the suite.
  test.describe.configure({ mode: 'parallel' });

  for (const list of LISTS) {
    test(list.name, async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      await SEEDS[list.name]?.(page, baseURL!);
      const measured: string[] = [];
      for (const look of [
        { scheme: 'light', size: WIDE },
        { scheme: 'dark', size: WIDE },
        { scheme: 'dark', size: NARROW },
      ] as const) {
        const { size } = look;
        await page.emulateMedia({ colorScheme: look.scheme });
        await page.setViewportSize(size);
        await page.goto(list.path);
        const top = await settledTop(list.firstRow(page));
        measured.push(`${list.name} at ${size.width} (${look.scheme}): ${Math.round(top)} px`);
        const limit = size === WIDE ? 450 : 800;
        expect.soft(top, `${list.name} at ${size.width} x ${size.height}`).toBeLessThanOrEqual(limit);
        // The page itself never scrolls sideways: a wide table scrolls within its own box.
        expect
          .soft(await page.evaluate(() => document.documentElement.scrollWidth), `${list.name} page width`)
          .toBeLessThanOrEqual(size.width);
        if (look.scheme === 'dark') await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
        expect.soft(await seriousViolations(page), `${list.name} ${look.scheme} ${size.width}`).toEqual([]);
        const shots = process.env.LIST_SCREENSHOTS;
        if (shots) await page.screenshot({ path: `${shots}/${list.name.replace(' ', '-')}-${look.scheme}-${size.width}.png` });
      }
      console.log(measured.join('\n'));
    });
  }
});

test.describe('the vehicles list', () => {
  test.use({ storageState: storageStateOf('manager') });

  test('a state filter and a tag filter are two chips in words; removing one changes the URL and the rows; two rows selected show the bulk bar', async ({
    page,
    request,
    baseURL,
  }) => {
    const run = Math.random().toString(36).slice(2, 8);
    // Four vehicles carry the tag: two not reported for a day (in the snapshot), two reported since.
    const ids = async (query: string) =>
      ((await (await request.get(`/api/o/demo/vehicles?pageSize=100&${query}`)).json()) as { items: { id: string }[] }).items.map(
        (v) => v.id,
      );
    let stale: string[] = [];
    await expect.poll(async () => (stale = await ids('staleHours=24')).length, { timeout: 30_000 }).toBeGreaterThan(1);
    const fresh = (await ids('')).filter((id) => !stale.includes(id));
    const tagged = [...stale.slice(0, 2), ...fresh.slice(0, 2)];
    await tagVehicles(request, baseURL!, tagged, { key: 'depot', value: run });

    await page.goto('/o/demo/vehicles');
    const table = page.getByRole('region', { name: 'Vehicles', exact: true });
    const rows = table.locator('tbody tr');
    await addFilter(page, 'Tag…');
    await page.getByLabel('Tag key').fill('depot');
    await page.getByLabel('Tag value').fill(run);
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(rows).toHaveCount(4);
    await addFilter(page, 'Not reported for…');
    await page.getByLabel('Not reported for (h)').fill('24');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect(filterChips(page)).toHaveText([`Tag depot = ${run}`, 'Not reported for 24 h']);
    await expect(rows).toHaveCount(2);
    expect(new URL(page.url()).searchParams.get('staleHours')).toBe('24');

    await page.getByRole('button', { name: 'Remove the filter: Not reported for 24 h' }).click();
    await expect(page).not.toHaveURL(/staleHours/);
    await expect(filterChips(page)).toHaveText([`Tag depot = ${run}`]);
    await expect(rows).toHaveCount(4);
    // Back undoes the removal: one history entry per change.
    await page.goBack();
    await expect(page).toHaveURL(/staleHours=24/);
    await expect(rows).toHaveCount(2);
    await page.goForward();
    await expect(rows).toHaveCount(4);

    const bar = page.getByRole('region', { name: 'Selected vehicles' });
    await expect(bar).toHaveCount(0);
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    await expect(bar.getByTestId('selection-count')).toHaveText('2 selected');
    await expect(bar.getByRole('form', { name: 'Bulk action' })).toBeVisible();
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    await expect(bar).toHaveCount(0);

    // A filter nothing matches names the filters in force and offers to clear them.
    await addFilter(page, 'Charge below…');
    await page.getByLabel('Charge below (%)').fill('1');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    const empty = page.getByText('No vehicles match these filters');
    await expect(empty).toBeVisible();
    await expect(page.getByText(`In force: Tag depot = ${run} · Charge below 1%.`, { exact: false })).toBeVisible();
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(filterChips(page)).toHaveCount(0);
    await expect(page).not.toHaveURL(/tagKey|socBelow/);
  });
});

test.describe('looks', () => {
  test.use({ storageState: storageStateOf('manager') });

  test('the vehicles list and the command history are axe clean in light and dark, wide and at 360 px', async ({ page }, testInfo) => {
    const shots = process.env.LIST_SCREENSHOTS;
    for (const path of ['/o/demo/vehicles?staleHours=24&plugged=1', '/o/demo/commands']) {
      for (const look of [
        { scheme: 'light', size: WIDE },
        { scheme: 'dark', size: WIDE },
        { scheme: 'dark', size: NARROW },
        { scheme: 'light', size: NARROW },
      ] as const) {
        await page.emulateMedia({ colorScheme: look.scheme });
        await page.setViewportSize(look.size);
        await page.goto(path);
        await expect(page.locator('tbody tr').first()).toBeVisible({ timeout: 30_000 });
        if (look.scheme === 'dark') await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
        expect(await seriousViolations(page), `${path} ${look.scheme} ${look.size.width}`).toEqual([]);
        const name = `${path.split('/')[3].split('?')[0]}-${look.scheme}-${look.size.width}`;
        if (shots) await page.screenshot({ path: `${shots}/${name}.png` });
        if (!path.startsWith('/o/demo/vehicles')) continue;
        // The menu of filters open, then the selection bar: both clean in every look too.
        await addFilter(page, 'Tag…');
        await expect(page.getByLabel('Tag key')).toBeVisible();
        expect(await seriousViolations(page), `${name} with the filter menu open`).toEqual([]);
        if (shots) await page.screenshot({ path: `${shots}/${name}-menu.png` });
        await page.keyboard.press('Escape');
        const rows = page.getByRole('region', { name: 'Vehicles', exact: true }).locator('tbody tr');
        await rows.nth(0).getByRole('checkbox').check();
        await rows.nth(1).getByRole('checkbox').check();
        await expect(page.getByTestId('selection-count')).toHaveText('2 selected');
        // At 360 px the actions fold behind a button, so the bar leaves the rows in sight.
        const bulk = page.getByRole('form', { name: 'Bulk action' });
        if (look.size === NARROW) {
          await expect(bulk).toBeHidden();
          await page.getByRole('button', { name: 'Actions' }).click();
        }
        await expect(bulk).toBeVisible();
        expect(await seriousViolations(page), `${name} with two rows selected`).toEqual([]);
        if (shots) await page.screenshot({ path: `${shots}/${name}-selected.png` });
        testInfo.annotations.push({ type: 'looked at', description: name });
      }
    }
  });
});
