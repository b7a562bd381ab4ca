import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { setSandboxBulkConnect } from '../fixtures/sandbox';

test.use({ storageState: storageStateOf('manager') });
// The sandbox's bulk-connect switch is one for the organization: these tests take turns.
test.describe.configure({ mode: 'serial' });

const vin = (seed: number, n: number) => `WVWZZZ1J${String(seed).padStart(2, '0')}${String(n).padStart(7, '0')}`;

async function completedCheck(page: Page, seed: number, count: number, label: string) {
  await page.goto('/o/demo/eligibility');
  const card = page.getByRole('region', { name: 'New eligibility check' });
  await card.getByLabel('VINs').fill(Array.from({ length: count }, (_, i) => `${vin(seed, i)},DE`).join('\n'));
  await card.getByLabel('Label (optional)').fill(label);
  await card.getByRole('button', { name: `Check ${count} VINs` }).click();
  await card.getByRole('link', { name: `Follow ${label}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
  await expect(page.getByRole('region', { name: 'Status' }).getByText('Completed')).toBeVisible({ timeout: 20_000 });
  return page.getByRole('region', { name: 'Connect the eligible vehicles' });
}

test('the eligible VINs of a check go for connection in requests of at most 100; each outcome is explained and retryable rows go again in one click', async ({
  page,
}) => {
  test.slow();
  const section = await completedCheck(page, 31, 150, 'Bulk connect depot');
  const button = section.getByRole('button', { name: /^Connect \d+ eligible vehicles$/ });
  const eligible = Number((await button.textContent())?.match(/\d+/)?.[0]);
  expect(eligible).toBeGreaterThan(100);
  await button.click();
  const requests = section.getByRole('list', { name: 'Connection requests' });
  await expect(requests.getByRole('listitem', { name: /^Request \d/ })).toHaveCount(2);
  await expect(requests.getByRole('listitem', { name: 'Request 1' })).toContainText('100 VINs');
  await expect(requests.getByRole('listitem', { name: 'Request 2' })).toContainText(`${eligible - 100} VINs`);
  await expect(button).toHaveCount(0);

  const first = requests.getByRole('listitem', { name: 'Request 1' });
  await expect(first.getByText('Completed')).toBeVisible({ timeout: 20_000 });
  const outcomes = first.getByRole('region', { name: /^Outcome per VIN/ });
  await expect(outcomes.locator('tbody tr')).toHaveCount(100);
  await expect(outcomes).toContainText("Owner must act: The vehicle's owner has to do something first");

  // The retryable rows of request 1, in one new request; once only.
  const retry = first.getByRole('button', { name: /^Retry \d+ VINs$/ });
  const retryable = Number((await retry.textContent())?.match(/\d+/)?.[0]);
  await retry.click();
  const again = requests.getByRole('listitem', { name: 'Request 3: retry' });
  await expect(again).toContainText(`${retryable} VINs`);
  await expect(first.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
  await expect(first).toContainText('Its retryable rows were sent again below.');
  await expect(again.getByText('Completed')).toBeVisible({ timeout: 20_000 });

  // Kept in Motorpool: the same requests after a reload.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Connect the eligible vehicles' }).getByRole('listitem', { name: /^Request \d/ }),
  ).toHaveCount(3);
});

test.describe('refused', () => {
  // The console answers 403 BULK_CONNECT_NOT_ENABLED; Chromium logs every 4xx it loads.
  test.use({
    allowedConsoleErrors: [/status of 403 \(Forbidden\) at http:\/\/localhost:\d+\/api\/o\/demo\/eligibility\/[^/]+\/connections$/],
  });

  test('a service that has not enabled bulk connection for the organization is explained, and nothing is recorded', async ({
    page,
    request,
  }) => {
    await setSandboxBulkConnect(request, false);
    try {
      const section = await completedCheck(page, 32, 12, 'Bulk connect refused');
      await section.getByRole('button', { name: /^Connect \d+ eligible vehicles?$/ }).click();
      const alert = section.getByRole('alert').filter({ hasText: 'Bulk connection is not enabled for your organization' });
      await expect(alert).toContainText('connect vehicles one at a time from Connect');
      await expect(alert.getByRole('link', { name: 'Connect' })).toHaveAttribute('href', '/o/demo/connect');
      await page.reload();
      const reloaded = page.getByRole('region', { name: 'Connect the eligible vehicles' });
      await expect(reloaded.getByRole('button', { name: /^Connect \d+ eligible vehicles?$/ })).toBeVisible();
      await expect(reloaded.getByRole('list', { name: 'Connection requests' })).toHaveCount(0);
    } finally {
      await setSandboxBulkConnect(request, true);
    }
  });
});
