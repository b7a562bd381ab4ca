import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { injectSandboxFault, removeSandboxFault, sandboxFixtures } from '../fixtures/sandbox';

// The pause is the whole organization's: on the demo organization it would answer 503 to the tests
// running beside this one. Northwind (sandbox organization 1, the demo admin's second) is its own.
test.use({ storageState: storageStateOf('admin'), allowedConsoleErrors: [/status of (429|503)/] });

test('an upstream that asks to wait is named with the time, and the section loads once the wait is over', async ({ page, request }) => {
  // Not northwind's online fixture: other specs open that vehicle's page (which reads its telemetry)
  // and would meet this spec's 429. No other spec reads this one.
  const { noJourneysVehicleId: vehicleId } = await sandboxFixtures(request, 1);
  // Longer than the client's own retry waits, so the person is told; short, so the pause ends within the test.
  const fault = await injectSandboxFault(request, {
    kind: 'rate_limit',
    times: 1,
    retryAfterSeconds: 6,
    method: 'GET',
    path: `/v1/vehicles/${vehicleId}/telemetry`,
  });
  try {
    await page.goto(`/o/northwind/vehicles/${vehicleId}/telemetry`);
    await expect(page.getByText(/The Vehicle API asked us to wait until \d\d:\d\d UTC/)).toBeVisible();
  } finally {
    // Used up by the visit unless it failed first; only this spec's fault, never those of the specs beside it.
    await removeSandboxFault(request, fault);
  }
  // Once the pause is over, the section reads again (a reload during the pause is answered at once, without an upstream call).
  await expect(async () => {
    const answered = page.waitForResponse((r) => r.url().includes(`/api/o/northwind/vehicles/${vehicleId}/telemetry`));
    await page.reload();
    expect((await answered).status()).toBe(200);
  }).toPass({ timeout: 20_000, intervals: [2_000] });
  await expect(page.getByText(/asked us to wait/)).toHaveCount(0);
});
