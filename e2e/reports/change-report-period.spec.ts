import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';

test.use({ storageState: storageStateOf('manager') });

test('another period keeps the figures shown, marked as loading, until its own arrive', async ({ page }) => {
  await page.goto('/o/demo/reports');
  const coverage = page.getByTestId('report-coverage');
  await expect(coverage).toContainText('vehicle-days have data');
  const before = await coverage.innerText();
  const month = page.getByLabel('Month', { exact: true });
  const [year, monthNumber] = (await month.inputValue()).split('-').map(Number) as [number, number];
  const previous = monthNumber === 1 ? `${year - 1}-12` : `${year}-${String(monthNumber - 1).padStart(2, '0')}`;

  // The new period's report is held back until the page has been looked at.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/o/demo/reports' && url.searchParams.get('period') === previous,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await month.fill(previous);
  await expect(page).toHaveURL(new RegExp(`period=${previous}`));

  const loading = page.getByRole('progressbar', { name: 'Loading the report for the chosen period and scope' });
  await expect(loading).toBeVisible();
  await expect(page.locator('[aria-busy="true"]').getByTestId('report-coverage')).toHaveText(before);

  release();
  await expect(loading).toHaveCount(0);
  await expect(coverage).not.toHaveText(before);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
});
