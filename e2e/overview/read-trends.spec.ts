import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { formatNumber } from '../../lib/format/figures';
import type { FleetTrends } from '../../lib/overview/trends';

test.use({ storageState: storageStateOf('manager') });

test('the overview’s trends show the stored weeks as bars and as a table, and fit at 360 px', async ({ page, request }) => {
  // The embedded sandbox's first history pass starts a minute after start-up: wait until the store holds these weeks.
  test.setTimeout(240_000);
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/o/demo/overview/trends');
        expect(response.ok()).toBe(true);
        return ((await response.json()) as FleetTrends).hasHistory;
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBe(true);

  // The store still grows while the history pass runs: compare the page with the answer it drew from.
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/o/demo/overview/trends') && r.ok());
  await page.goto('/o/demo');
  const { weeks } = (await (await answer).json()) as FleetTrends;
  const driven = weeks.filter((w) => Math.round(w.distanceKm * 10) > 0);
  expect(driven.length, 'weeks with journeys in the sandbox').toBeGreaterThan(0);
  const card = page.getByRole('region', { name: 'Trends' });
  const table = card.getByTestId('trends-weeks');
  await expect(table.locator('tbody tr')).toHaveCount(weeks.length);
  // The table holds the route's figures, week by week (distance in the manager's default unit, km).
  for (const [i, week] of weeks.entries()) {
    await expect(table.locator('tbody tr').nth(i).locator('td').first()).toHaveText(
      `${formatNumber(Math.round(week.distanceKm * 10) / 10)} km`,
    );
  }
  // One bar per week with distance in the distance chart (a zero draws none).
  const distanceChart = card.locator('figure').filter({ hasText: 'Distance (km) per week' });
  await expect(distanceChart.locator('[data-chart-bar]')).toHaveCount(driven.length);
  // The fixture then checks the page in light, dark and at 360 px: the charts must shrink with it.
});
