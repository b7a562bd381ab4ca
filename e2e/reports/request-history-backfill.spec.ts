import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { section, vehicleUrl } from '../fixtures/vehicle-data';

type Panel = { unreadable: string | null; request: { status: string; from: string } | null; earliest: string };

const backfillApi = (vehicleId: string) => `/api/o/demo/history/vehicles/${vehicleId}/backfill`;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/**
 * A vehicle no other spec asks anything of: the last of the report's rows (sorted by VIN) that is
 * none of the sandbox's named vehicles, readable (connected, listening) and never backfilled.
 */
async function untouchedVehicle(request: APIRequestContext): Promise<string> {
  const fixtures = await sandboxFixtures(request);
  const named = new Set(
    Object.values(fixtures).flatMap((value) => (typeof value === 'string' ? [value] : Array.isArray(value) ? value : [value.id])),
  );
  const report = (await (await request.get('/api/o/demo/reports')).json()) as { rows: { vehicleId: string }[] };
  for (const { vehicleId } of [...report.rows].reverse()) {
    if (named.has(vehicleId)) continue;
    const response = await request.get(backfillApi(vehicleId));
    if (!response.ok()) continue;
    const panel = (await response.json()) as Panel;
    if (panel.unreadable === null && panel.request === null) return vehicleId;
  }
  throw new Error('no readable vehicle without a backfill');
}

test.describe('as a manager', () => {
  test.use({ storageState: storageStateOf('manager') });

  test('asks for a vehicle’s earlier history: the cost is shown before it starts, and the request is followed on the page and in the report', async ({
    page,
    request,
    baseURL,
  }) => {
    const vehicleId = await untouchedVehicle(request);
    const from = daysAgo(150);
    await page.goto(`${vehicleUrl(vehicleId, 'journeys')}?historyFrom=${from}#history-backfill`);
    const panel = section(page, 'History in Motorpool');
    await expect(panel.getByLabel('Gather from')).toHaveValue(from);

    await panel.getByRole('button', { name: 'Review the cost' }).click();
    const cost = panel.getByRole('region', { name: `Cost of gathering from ${from}` });
    await expect(cost.getByTestId('backfill-cost-calls')).toHaveText(/^about [\d,]+ calls?$/);
    await expect(cost.getByTestId('backfill-cost-duration')).toHaveText(/^about \d+ (minutes?|hours|days)$/);
    await expect(cost.getByText('How this is estimated')).toBeVisible();
    await expect(cost.getByText(/^journeys: [\d.]+ days not stored/)).toBeVisible();
    // Nothing is asked before the person confirms.
    expect(((await (await request.get(backfillApi(vehicleId))).json()) as Panel).request).toBeNull();

    await cost.getByRole('button', { name: `Gather history from ${from}` }).click();
    await expect(page.getByText('History backfill queued')).toBeVisible();
    const state = panel.getByTestId('backfill-request');
    await expect(state).toHaveAttribute('data-status', /^(queued|gathering|done)$/);
    await expect(state).toContainText(`back to ${from}`);

    // Asked again while open: merged into the one request, the earlier start kept.
    const again = await request.post(backfillApi(vehicleId), { headers: { Origin: baseURL! }, data: { from: daysAgo(120) } });
    expect(again.ok()).toBe(true);
    expect(await again.json()).toMatchObject({ merged: true, backfill: { from } });

    // The report's coverage shows the request's state on the vehicle's row.
    await page.goto('/o/demo/reports');
    await page.getByText('Coverage per vehicle', { exact: true }).first().click();
    const row = page.locator(`[data-testid="coverage-row"][data-vehicle-id="${vehicleId}"]`);
    await expect(row.getByTestId('coverage-backfill')).toContainText(`from ${from}`);
  });
});

test.describe('as support', () => {
  test.use({ storageState: storageStateOf('support') });

  test('sees the vehicle’s stored history but cannot ask for more', async ({ page, request, baseURL }) => {
    const { onlineListeningVehicleId } = await sandboxFixtures(request);
    await page.goto(vehicleUrl(onlineListeningVehicleId, 'charging'));
    const panel = section(page, 'History in Motorpool');
    await expect(panel.getByText('Managers and admins can ask for earlier history.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Review the cost' })).toHaveCount(0);
    const refused = await request.post(backfillApi(onlineListeningVehicleId), {
      headers: { Origin: baseURL! },
      data: { from: daysAgo(120) },
    });
    expect(refused.status()).toBe(403);
  });
});
