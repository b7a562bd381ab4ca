import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';

// The bell counts what other specs' failed commands told the same member: this file compares counts, in order.
test.describe.configure({ mode: 'serial' });

const bell = (page: Page) => page.getByTestId('notification-bell');
async function unreadShown(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

test.describe('as the member who sent the command', () => {
  test.use({ storageState: storageStateOf('manager') });

  test('a failed command reaches the sender’s bell within seconds, and the inbox leads back to the vehicle', async ({
    page,
    request,
  }, testInfo) => {
    const { offlineVehicleId } = await sandboxFixtures(request);
    await page.goto(`/o/demo/vehicles/${offlineVehicleId}`);
    await expect(bell(page)).toBeVisible();
    const commands = page.getByRole('region', { name: 'Remote commands' });
    const latest = page.getByRole('region', { name: 'Latest command' });
    for (const command of ['Flash lights', 'Lock doors']) {
      const before = await unreadShown(page);
      await commands.getByRole('button', { name: command, exact: true }).click();
      await expect(latest).toContainText(command);
      await expect(latest.getByText('Failed')).toBeVisible({ timeout: 15_000 });
      // No reload: the live stream's notice (or the bell's own polling) brings the count.
      await expect.poll(() => unreadShown(page), { timeout: 10_000 }).toBeGreaterThan(before);
    }

    await bell(page).click();
    await expect(page).toHaveURL(/\/o\/demo\/notifications$/);
    const entry = page.getByTestId('notification').filter({ hasText: 'Flash lights failed' }).first();
    await expect(entry).toContainText(`The command failed on vehicle ${offlineVehicleId}: The vehicle is offline.`);
    await expect(entry).toHaveAttribute('data-read', 'false');
    await expect(page.getByTestId('notification').filter({ hasText: 'Lock doors failed' }).first()).toHaveAttribute('data-read', 'false');
    for (const look of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: look });
      await page.screenshot({ path: testInfo.outputPath(`notifications-${look}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 360, height: 780 });
    await page.screenshot({ path: testInfo.outputPath('notifications-360.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.emulateMedia({ colorScheme: 'light' });

    const unreadBefore = await unreadShown(page);
    await entry.getByRole('button', { name: 'Mark read' }).click();
    await expect(entry).toHaveAttribute('data-read', 'true');
    await expect.poll(() => unreadShown(page)).toBe(unreadBefore - 1);
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications');
    await expect(page.getByTestId('notification').and(page.locator('[data-read="false"]'))).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();

    await entry.getByRole('link', { name: 'Flash lights failed' }).click();
    await expect(page).toHaveURL(new RegExp(`/o/demo/vehicles/${offlineVehicleId}$`));
  });

  test('a manager adds a rule, switches it off and deletes it', async ({ page }) => {
    await page.goto('/o/demo/notifications');
    const rules = page.getByRole('region', { name: 'Rules' });
    await expect(rules.getByTestId('notification-rule').filter({ hasText: 'Failed or unknown commands' })).toContainText(
      'To the member who sent it',
    );
    await rules.getByRole('button', { name: 'New rule' }).click();
    const form = rules.getByRole('form', { name: 'New rule' });
    await form.getByRole('button', { name: 'Add rule' }).click();
    await expect(form.getByText('Enter a name')).toBeVisible();
    await form.getByRole('textbox', { name: 'Name' }).fill('Silent vans');
    await form.getByLabel('When', { exact: true }).selectOption('no_data');
    await form.getByLabel('Hours', { exact: true }).fill('6');
    await form.getByLabel('Every manager', { exact: true }).check();
    await form.getByRole('button', { name: 'Add rule' }).click();
    const added = rules.getByTestId('notification-rule').filter({ hasText: 'Silent vans' });
    await expect(added).toContainText('When a vehicle sends no data for 6 hours');
    await expect(added).toContainText('To every manager · Console inbox');
    // The switch shows the stored rule: it turns off once the server has answered, not on the click.
    await added.getByRole('checkbox', { name: 'Silent vans on' }).click();
    await expect(page.getByText('“Silent vans” off')).toBeVisible();
    await expect(added.getByRole('checkbox', { name: 'Silent vans on' })).not.toBeChecked();
    await added.getByRole('button', { name: 'Delete Silent vans' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete rule' }).click();
    await expect(added).toHaveCount(0);
  });
});

test.describe('as support', () => {
  test.use({ storageState: storageStateOf('support') });

  test('support reads the rules and changes none', async ({ page }) => {
    await page.goto('/o/demo/notifications');
    const rules = page.getByRole('region', { name: 'Rules' });
    await expect(rules.getByTestId('notification-rule')).not.toHaveCount(0);
    await expect(rules.getByTestId('notification-rule').filter({ hasText: 'Critical platform alerts' })).toContainText('To every admin');
    await expect(rules.getByRole('button', { name: 'New rule' })).toHaveCount(0);
    await expect(rules.getByRole('button', { name: 'Check now' })).toHaveCount(0);
    await expect(rules.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(rules.getByRole('checkbox')).toHaveCount(0);
    const refused = await page.request.post('/api/o/demo/notifications/rules', {
      headers: { Origin: new URL(page.url()).origin },
      data: {
        name: 'x',
        kind: 'no_data',
        params: { hours: 1 },
        channels: ['console'],
        recipients: { roles: ['support'], userIds: [], sender: false },
        enabled: true,
      },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('FORBIDDEN');
    const check = await page.request.post('/api/o/demo/notifications/rules/check', { headers: { Origin: new URL(page.url()).origin } });
    expect(check.status()).toBe(403);
    expect((await check.json()).error.code).toBe('FORBIDDEN');
  });
});
