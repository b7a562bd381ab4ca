import { expect, test } from '../fixtures/test';
import { answerConsent, createConsentLinkAs } from '../fixtures/connect';
import { storageStateOf } from '../fixtures/roles';
import { screenshotLooks } from '../fixtures/screenshots';

test.use({ storageState: storageStateOf('manager') });

test('a refused link offers Reconnect: a new link with the same brand, region, scopes and language, which the owner then completes', async ({
  page,
  baseURL,
}) => {
  const refused = await createConsentLinkAs(baseURL!, 'manager', {
    makes: ['Kia'],
    scopes: ['vehicle:telemetry', 'vehicle:commands'],
    region: 'NORTH_AMERICA',
    locale: 'fr-FR',
  });
  // The owner refuses and lands on the return page, which records the refusal.
  await page.goto((await answerConsent(page.request, refused.url, 'deny')).toString());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('La connexion n’a pas abouti');

  await page.goto(`/o/demo/connect?link=${refused.id}`);
  const result = page.getByRole('region', { name: /^Consent link(?!s)/ });
  await expect(result.getByText('Failed', { exact: true })).toBeVisible();
  await result.getByRole('button', { name: 'Reconnect: a new link like this one' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Pre-filled from the link of' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New consent link' });
  await expect(form.getByLabel('Kia')).toBeChecked();
  await expect(form.getByLabel('Volkswagen')).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: /^Telemetry/ })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /^Remote commands/ })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /^All vehicle data/ })).not.toBeChecked();
  await expect(form.getByLabel('Language of the consent pages')).toHaveValue('fr-FR');
  await expect(form.getByLabel('Region of the owner’s account')).toHaveValue('NORTH_AMERICA');
  await screenshotLooks(page, 'connect-reconnect');
  await form.getByRole('button', { name: 'Create consent link' }).click();

  const renewed = page.getByRole('region', { name: /^Consent link(?!s)/ });
  await expect(renewed.getByText('Pending')).toBeVisible();
  const linkId = new URL(page.url()).searchParams.get('link')!;
  expect(linkId).not.toBe(refused.id);
  await expect(renewed).toContainText('Français');
  await expect(renewed).toContainText('Telemetry, Remote commands');
  await expect(renewed).toContainText('North America');

  const back = await answerConsent(page.request, await renewed.getByLabel('Send this link to the owner').inputValue(), 'approve');
  const owner = await page.context().browser()!.newPage();
  await owner.goto(back.toString());
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Votre compte est connecté');
  await owner.close();
  await expect(renewed.getByText('Completed', { exact: true })).toBeVisible({ timeout: 15_000 });
});
