import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { storageStateOf } from '../fixtures/roles';

// Per person: the support user's, whose mail no other spec reads; the browser sits in Berlin.
test.use({ storageState: storageStateOf('support'), timezoneId: 'Europe/Berlin' });

const panelOf = (page: Page) => page.getByRole('region', { name: 'Your notification e-mail' });

async function save(page: Page) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/profile/notification-delivery') && r.request().method() === 'PUT');
  await panelOf(page).getByRole('button', { name: 'Save notification e-mail' }).click();
  expect((await saved).status()).toBe(200);
}

test('quiet hours and a daily digest are saved in the member’s zone and kept after a reload', async ({ page }) => {
  await page.goto('/o/demo/settings');
  const panel = panelOf(page);
  const zone = panel.getByLabel('Time zone for quiet hours and digests');
  // Before the first save the browser's zone is proposed.
  await expect(zone).toHaveValue('Europe/Berlin');
  await expect(panel.getByText('Proposed from this browser; saved when you save.')).toBeVisible();
  await expect(panel.getByText('Urgent: failed or unknown commands and critical platform alerts.')).toBeVisible();

  await zone.selectOption('America/New_York');
  await panel.getByLabel('Hold e-mail during quiet hours').check();
  await expect(panel.getByLabel('From')).toHaveValue('22:00');
  await panel.getByLabel('From').fill('23:00');
  await panel.getByLabel('Until').fill('06:30');
  await panel.getByLabel('Urgent notifications still come during quiet hours').uncheck();
  await panel.getByLabel('Digest of non-urgent e-mail').selectOption('daily');
  await panel.getByLabel('Daily at').selectOption('18');
  await save(page);
  await expect(page.getByText('Your notification e-mail settings are saved.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.reload();
  await expect(zone).toHaveValue('America/New_York');
  await expect(panel.getByText('Proposed from this browser; saved when you save.')).toHaveCount(0);
  await expect(panel.getByLabel('Hold e-mail during quiet hours')).toBeChecked();
  await expect(panel.getByLabel('From')).toHaveValue('23:00');
  await expect(panel.getByLabel('Until')).toHaveValue('06:30');
  await expect(panel.getByLabel('Urgent notifications still come during quiet hours')).not.toBeChecked();
  await expect(panel.getByLabel('Digest of non-urgent e-mail')).toHaveValue('daily');
  await expect(panel.getByLabel('Daily at')).toHaveValue('18');

  // Both times or neither, said at the field.
  await panel.getByLabel('Until').fill('');
  await panel.getByRole('button', { name: 'Save notification e-mail' }).click();
  await expect(panel.getByText('Enter both times, or neither')).toBeVisible();

  // Back to everything at once for the rest of the suite.
  await panel.getByLabel('Hold e-mail during quiet hours').uncheck();
  await panel.getByLabel('Digest of non-urgent e-mail').selectOption('off');
  await panel.getByLabel('Urgent notifications still come during quiet hours').check();
  await save(page);
});
