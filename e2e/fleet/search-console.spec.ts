import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';

test.use({ storageState: storageStateOf('manager') });

type Vehicle = { id: string; registrationPlate: string | null };

/** Issue 15, ⌘K: from any page, by keyboard alone. */
test('⌘K finds a vehicle by its plate and opens it, by keyboard alone', async ({ page, request }) => {
  const list = await request.get('/api/o/demo/vehicles?pageSize=50');
  expect(list.ok(), await list.text()).toBe(true);
  const vehicle = ((await list.json()) as { items: Vehicle[] }).items.find((v) => v.registrationPlate && v.registrationPlate.length >= 4);
  expect(vehicle, 'a demo vehicle with a plate').toBeDefined();
  const plate = vehicle!.registrationPlate!;
  // The fleet snapshot's first pass runs at start; allow a slow machine to finish it.
  await expect
    .poll(async () => {
      const found = await request.get(`/api/o/demo/search?${new URLSearchParams({ q: plate })}`);
      return ((await found.json()) as { vehicles?: { id: string }[] }).vehicles?.map((v) => v.id) ?? [];
    })
    .toContain(vehicle!.id);

  await page.goto('/o/demo/audit');
  await page.keyboard.press('ControlOrMeta+k');
  const input = page.getByRole('combobox', { name: 'Search vehicles, accounts, views and pages' });
  await expect(input).toBeFocused();
  await page.keyboard.type(plate);
  const option = page.getByRole('option', { name: new RegExp(plate.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(option.first()).toBeVisible();
  await expect(option.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/o/demo/vehicles/${encodeURIComponent(vehicle!.id)}$`));
  await expect(page.getByRole('dialog', { name: 'Search the console' })).toBeHidden();
});

test('⌘K opens a page by its name and closes on Escape', async ({ page }) => {
  await page.goto('/o/demo');
  await page.keyboard.press('ControlOrMeta+k');
  const dialog = page.getByRole('dialog', { name: 'Search the console' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.keyboard.press('ControlOrMeta+k');
  await page.keyboard.type('Commands');
  await expect(page.getByRole('option', { name: 'Commands' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/o\/demo\/commands$/);
});
