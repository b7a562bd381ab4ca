import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxExecutionCount, sandboxFixtures } from '../fixtures/sandbox';

test.use({ storageState: storageStateOf('manager') });

const panel = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Remote commands' });
const latest = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Latest command' });

test('a double submit makes one execution at the upstream', async ({ page, request }) => {
  const { onlineListeningVehicleId } = await sandboxFixtures(request);
  const before = await sandboxExecutionCount(request, onlineListeningVehicleId, 'WINDOW_HEATING_ON');
  await page.goto(`/o/demo/vehicles/${onlineListeningVehicleId}`);
  const button = panel(page).getByRole('button', { name: 'Window heating on', exact: true });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/commands')) posts.push(r.headers()['idempotency-key'] ?? '');
  });
  // Two clicks in one task: the button has no chance to turn busy in between, as with a fast double click.
  await button.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });
  await expect(latest(page).getByText('Executed')).toBeVisible({ timeout: 15_000 });
  expect(posts).toHaveLength(2);
  expect(posts[0]).toMatch(/\S{8,}/);
  expect(posts[1]).toBe(posts[0]);
  expect(await sandboxExecutionCount(request, onlineListeningVehicleId, 'WINDOW_HEATING_ON')).toBe(before + 1);
});

test.describe('a press again after the answer was lost', () => {
  test.use({ allowedConsoleErrors: [/ERR_FAILED|Failed to load resource/] });

  test('answers the first execution instead of sending it again', async ({ page, request }) => {
    const { onlineListeningVehicleId } = await sandboxFixtures(request);
    const before = await sandboxExecutionCount(request, onlineListeningVehicleId, 'WINDOW_HEATING_OFF');
    await page.goto(`/o/demo/vehicles/${onlineListeningVehicleId}`);
    let dropped = false;
    await page.route('**/api/o/demo/vehicles/*/commands', async (route) => {
      if (route.request().method() !== 'POST' || dropped) return route.fallback();
      dropped = true;
      // The request reaches the server and the command is sent; its answer never reaches the browser.
      await route.fetch();
      await route.abort('failed');
    });
    const button = panel(page).getByRole('button', { name: 'Window heating off', exact: true });
    await button.click();
    await expect.poll(() => sandboxExecutionCount(request, onlineListeningVehicleId, 'WINDOW_HEATING_OFF')).toBe(before + 1);
    await expect(button).toBeEnabled();
    await button.click();
    await expect(latest(page)).toContainText('This command had already been sent; nothing new was sent.');
    await expect(latest(page).getByText('Executed')).toBeVisible({ timeout: 15_000 });
    expect(await sandboxExecutionCount(request, onlineListeningVehicleId, 'WINDOW_HEATING_OFF')).toBe(before + 1);
  });
});
