import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { demoEmail, storageStateOf } from '../fixtures/roles';
import { CONSOLE_SECTIONS } from '../fixtures/routes';
import { newMember, ORIGIN_OF, signInFresh } from '../fixtures/invite';

/**
 * Issue 15, saved views: the demo manager saves the vehicles list as a view shared with the
 * organization (and one kept private); another manager, invited for the test, finds the shared
 * one in the sidebar, opens the list with its filter, columns and sort, and may not edit it.
 */
test.use({ storageState: storageStateOf('manager') });
// Two sign-ins (scrypt) and a second browser on a machine that may be shared.
test.describe.configure({ timeout: 240_000 });

const PASSWORD = 'a manager password of 26c';

/** The toolbar's popover menus (a <details> each) by the text of their summary. */
const menu = (page: Page, label: string) => page.locator('details', { has: page.locator('summary', { hasText: label }) });

async function saveView(page: Page, name: string, shared: boolean) {
  const save = menu(page, 'Save view');
  await save.locator('summary').click();
  await save.getByLabel('View name').fill(name);
  if (shared) await save.getByLabel('Share with the organization').check();
  await save.locator('button[type=submit]').click();
}

test('a view shared by one manager appears for another and opens the list with its filter', async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  const stamp = Date.now().toString(36);
  const sharedName = `Stale fleet ${stamp}`;
  const privateName = `Mine only ${stamp}`;

  await page.goto('/o/demo/vehicles?staleHours=24&cols=vin,plate,make&sort=-plate');
  await expect(page.getByText('Not reported for 24 h', { exact: true })).toBeVisible();

  await saveView(page, sharedName, true);
  await expect(page).toHaveURL(/[?&]view=[0-9a-f-]{36}/);
  await expect(page.getByTestId('current-view')).toHaveText(`View ${sharedName} · shared by you`);
  const sidebar = page.getByRole('navigation', { name: 'Saved views' });
  await expect(sidebar.getByRole('link', { name: `${sharedName} (shared)` })).toBeVisible();

  await page.goto('/o/demo/vehicles?socBelow=30');
  await saveView(page, privateName, false);
  await expect(sidebar.getByRole('link', { name: privateName, exact: true })).toBeVisible();

  // Another manager of the organization, invited by the admin.
  const admin = await playwright.request.newContext({ baseURL, storageState: storageStateOf('admin') });
  const email = await newMember(browser, admin, ORIGIN_OF(baseURL), 'demo', 'views', PASSWORD);
  await admin.dispose();
  const other = await signInFresh(browser, email, PASSWORD);
  const otherSidebar = other.getByRole('navigation', { name: 'Saved views' });
  const link = otherSidebar.getByRole('link', { name: `${sharedName} (shared)` });
  await expect(link).toBeVisible();
  await expect(otherSidebar.getByRole('link', { name: privateName })).toHaveCount(0);
  // The sections keep their links; the views are a group of their own below them.
  await expect(other.getByRole('navigation', { name: 'Sections' }).getByRole('link')).toHaveText(CONSOLE_SECTIONS);

  await link.click();
  await expect(other).toHaveURL(/\/o\/demo\/vehicles\?/);
  const params = new URL(other.url()).searchParams;
  expect({ staleHours: params.get('staleHours'), cols: params.get('cols'), sort: params.get('sort') }).toEqual({
    staleHours: '24',
    cols: 'vin,plate,make',
    sort: '-plate',
  });
  await expect(other.getByText('Not reported for 24 h', { exact: true })).toBeVisible();
  await expect(other.getByTestId('current-view')).toHaveText(`View ${sharedName} · shared by ${demoEmail('manager')}`);
  // The first column holds the row checkboxes (a manager may run bulk actions).
  await expect(other.getByRole('columnheader')).toHaveText(['', /VIN/, /Plate/, /Brand/]);
  await expect(link).toHaveAttribute('aria-current', 'page');
  // Not the owner, not an admin: no way to change it, and the API refuses too.
  await expect(other.locator('summary', { hasText: 'Edit view' })).toHaveCount(0);
  const viewId = params.get('view')!;
  const refused = await other.request.patch(`/api/o/demo/views/${viewId}`, {
    data: { name: 'Taken over' },
    headers: { Origin: ORIGIN_OF(baseURL) },
  });
  expect(refused.status()).toBe(403);
  await other.context().close();

  // The owner deletes it; it leaves the sidebar.
  await page.goto(`/o/demo/vehicles?staleHours=24&cols=vin,plate,make&sort=-plate&view=${viewId}`);
  const edit = menu(page, 'Edit view');
  await edit.locator('summary').click();
  await edit.getByRole('button', { name: 'Delete view' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete view' }).click();
  await expect(sidebar.getByRole('link', { name: `${sharedName} (shared)` })).toHaveCount(0);
  await expect(page).not.toHaveURL(/view=/);

  // The audit trail has the creation, the refused change and the deletion, each with who did it.
  const audit = async (action: string) =>
    ((await (await page.request.get(`/api/o/demo/audit?action=${action}&target=${viewId}`)).json()) as { events: unknown[] }).events;
  expect(await audit('views.created')).toEqual([
    expect.objectContaining({
      actorEmail: demoEmail('manager'),
      outcome: 'success',
      targetType: 'view',
      details: expect.objectContaining({ name: sharedName, shared: true }),
    }),
  ]);
  expect(await audit('views.updated')).toEqual([expect.objectContaining({ actorEmail: email, outcome: 'failure' })]);
  expect(await audit('views.deleted')).toEqual([
    expect.objectContaining({ actorEmail: demoEmail('manager'), outcome: 'success', details: { name: sharedName } }),
  ]);

  // And the private one, leaving the demo manager's sidebar as it was.
  await sidebar.getByRole('link', { name: privateName, exact: true }).click();
  await expect(page.getByTestId('current-view')).toHaveText(`View ${privateName} · private`);
  await edit.locator('summary').click();
  await edit.getByRole('button', { name: 'Delete view' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete view' }).click();
  await expect(sidebar.getByRole('link', { name: privateName, exact: true })).toHaveCount(0);
});
