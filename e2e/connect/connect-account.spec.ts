import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { CONSOLE_SECTIONS } from '../fixtures/routes';

test.use({ storageState: storageStateOf('manager'), permissions: ['clipboard-read', 'clipboard-write'] });

test('a manager creates a consent link, the owner approves it in the sandbox, and the new account appears', async ({ page, baseURL }) => {
  await page.goto('/o/demo/connect');
  const sections = page.getByRole('navigation', { name: 'Sections' }).getByRole('link');
  await expect(sections).toHaveText(CONSOLE_SECTIONS);

  const form = page.getByRole('form', { name: 'New consent link' });
  await form.getByLabel('Volkswagen').check();
  await form.getByRole('checkbox', { name: /Vehicle information/ }).check();
  await form.getByLabel('Language of the consent pages').selectOption('de-DE');
  await form.getByRole('button', { name: 'Create consent link' }).click();

  const result = page.getByRole('region', { name: /^Consent link(?!s)/ });
  const urlField = result.getByLabel('Send this link to the owner');
  await expect(urlField).toHaveValue(new RegExp(`^${baseURL}/sandbox/consent/`));
  const consentUrl = await urlField.inputValue();
  await expect(result.getByText('Pending')).toBeVisible();
  await expect(result.getByRole('timer')).toHaveText(/^(60:00|59:[0-5]\d)$/);
  const first = await result.getByRole('timer').textContent();
  await expect(result.getByRole('timer')).not.toHaveText(first!);
  await expect(result.getByRole('img', { name: 'QR code of the consent link' })).toBeVisible();
  await result.getByRole('button', { name: 'Copy the consent link' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(consentUrl);
  const linkId = new URL(page.url()).searchParams.get('link')!;
  expect(linkId).toMatch(/^[0-9a-f-]{36}$/);

  const row = page.getByRole('region', { name: 'Consent links', exact: true }).locator(`tr[data-link-id="${linkId}"]`);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Volkswagen');

  // The audit trail has the creation, by whom, with what.
  const audit = await (await page.request.get(`/api/o/demo/audit?action=connect.link_created&target=${linkId}`)).json();
  expect(audit.events).toHaveLength(1);
  expect(audit.events[0]).toMatchObject({
    actorEmail: 'manager@demo.test',
    outcome: 'success',
    targetType: 'consent_link',
    details: { makes: ['Volkswagen'], locale: 'de-DE' },
  });

  // The owner's side: the sandbox's consent page on the same server, then Motorpool's landing page.
  await page.goto(consentUrl);
  await expect(page.getByRole('heading', { name: /Allow Demo Fleet to access your vehicle data/ })).toBeVisible();
  await page.getByRole('button', { name: 'Approve access for Demo Fleet' }).click();
  await expect(page).toHaveURL(/\/connect\/return\?/);
  // The link was created in German, so the owner's page is German (issue 30).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ihr Konto ist verbunden');
  await expect(page.getByText('Demo Fleet kann jetzt die Daten lesen')).toBeVisible();
  const accountId = new URL(page.url()).searchParams.get('accountId')!;

  await page.getByRole('link', { name: 'Das neue Konto öffnen' }).click();
  await expect(page).toHaveURL(new RegExp(`/o/demo/accounts/${accountId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/owner\d+@consent\.example/);

  await page.goto('/o/demo/accounts?size=100');
  await expect(page.getByRole('region', { name: 'Accounts' }).getByRole('cell', { name: accountId })).toBeVisible();

  await page.goto('/o/demo/connect');
  await expect(row).toContainText('Completed');
  await expect(row.getByRole('link', { name: accountId })).toBeVisible();
});

test('a single vehicle by VIN: the VIN is validated, shown to the owner, and only that vehicle is connected', async ({ page }) => {
  const vin = `5YJ3E1EA7KF${String(Date.now()).slice(-6)}`;
  await page.goto('/o/demo/connect');
  const form = page.getByRole('form', { name: 'New consent link' });
  await form.getByLabel('One vehicle, by VIN').check();
  await form.getByLabel('VIN', { exact: true }).fill('5YJ3E1EA7KFO17000');
  await form.getByRole('button', { name: 'Create consent link' }).click();
  await expect(form.getByText('A VIN never contains the letters I, O or Q (found O); check for 1 and 0.')).toBeVisible();
  await expect(form.getByLabel('VIN', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('VIN', { exact: true }).fill(vin.toLowerCase());
  await form.getByLabel('Model (optional)').fill('Model 3');
  await form.getByLabel('Model year (optional)').fill('2019');
  await form.getByRole('button', { name: 'Create consent link' }).click();
  const result = page.getByRole('region', { name: /^Consent link(?!s)/ });
  await expect(result).toContainText(`${vin} · Model 3 2019`);
  const consentUrl = await result.getByLabel('Send this link to the owner').inputValue();

  await page.goto(consentUrl);
  await expect(page.getByText(vin)).toBeVisible();
  await page.getByRole('button', { name: /^Approve/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your vehicle is connected');
  await page.getByRole('link', { name: 'See its vehicles' }).click();
  const vehicles = page.getByRole('region', { name: 'Vehicles', exact: true });
  await expect(vehicles.locator('tbody tr')).toHaveCount(1);
  await expect(vehicles.locator('tbody tr')).toContainText(vin);
});

test.describe('refused by the service', () => {
  // The 422 of UNSUPPORTED_OEM is the answer this test provokes.
  test.use({ allowedConsoleErrors: [/status of 422 .*\/api\/o\/demo\/connect/] });

  test('a brand the service does not support is explained, and no link is kept', async ({ page }) => {
    await page.goto('/o/demo/connect');
    const form = page.getByRole('form', { name: 'New consent link' });
    // A brand the Vehicle API does not list at all is refused in the form, before anything is sent.
    await form.getByLabel('Another brand').fill('Trabant');
    await form.getByRole('button', { name: 'Add brand' }).click();
    await form.getByRole('button', { name: 'Create consent link' }).click();
    await expect(form.getByText('The Vehicle API does not know this brand')).toBeVisible();
    await expect(form.getByRole('alert')).toHaveCount(0);
    await form.getByRole('button', { name: 'Remove Trabant' }).click();
    // One it lists but this service does not support is refused by the service, and explained.
    await form.getByLabel('Another brand').fill('Lancia');
    await form.getByRole('button', { name: 'Add brand' }).click();
    await expect(form.getByRole('list', { name: 'Other brands' })).toContainText('Lancia');
    await form.getByRole('button', { name: 'Create consent link' }).click();
    const alert = form.getByRole('alert');
    await expect(alert).toContainText('A brand you chose is not supported');
    await expect(alert).toContainText('What to do: Remove that brand or check its spelling');
    await expect(alert).toContainText(/UNSUPPORTED_OEM · request id \S+/);
    expect(new URL(page.url()).searchParams.get('link')).toBeNull();
  });
});

test('scopes are required and the form names the field', async ({ page }) => {
  await page.goto('/o/demo/connect');
  const form = page.getByRole('form', { name: 'New consent link' });
  await form.getByRole('checkbox', { name: /All vehicle data and commands/ }).uncheck();
  await form.getByRole('button', { name: 'Create consent link' }).click();
  await expect(form.getByText('Choose at least one scope.')).toBeVisible();
});

test('the Connect page, with a link shown and listed, fits a 360 px phone', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/o/demo/connect');
  await page.getByRole('form', { name: 'New consent link' }).getByRole('button', { name: 'Create consent link' }).click();
  await expect(
    page.getByRole('region', { name: /^Consent link(?!s)/ }).getByRole('img', { name: 'QR code of the consent link' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'List of consent links' }).locator('tbody tr').first()).toBeVisible();
  expect(new URL(page.url()).origin).toBe(baseURL);
  // Screen-reader-only text in the list once widened the whole page; the table scrolls inside its box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
