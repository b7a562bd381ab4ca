import { expect, test } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { answerConsent, apiAs, createConsentLinkAs } from '../fixtures/connect';
import { storageStateOf } from '../fixtures/roles';
import { withdrawSandboxAccount } from '../fixtures/sandbox';

test.use({ storageState: storageStateOf('manager') });

type Link = { id: string; url: string; status: string; accountId: string | null; reconnectsAccountId: string | null };

test('an account whose owner withdrew consent shows Reconnect; the new link keeps brand, region, scopes and language, and completing it moves its onboarding row to connected', async ({
  page,
  baseURL,
  browser,
}) => {
  const api = await apiAs(baseURL!, 'manager');
  const linkOf = async (id: string) => ((await (await api.get(`/api/o/demo/connect/${id}`)).json()) as { link: Link }).link;
  const owner = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const ownerPage = await owner.newPage();
  /** The owner approves on the sandbox's consent page and lands on the console's return page, which records the outcome. */
  const ownerApproves = async (url: string) => {
    await ownerPage.goto((await answerConsent(owner.request, url, 'approve')).toString());
    await expect(ownerPage.getByRole('heading', { level: 1 })).toBeVisible();
  };

  const first = await createConsentLinkAs(baseURL!, 'manager', {
    makes: ['Kia'],
    scopes: ['vehicle:telemetry', 'vehicle:commands'],
    region: 'NORTH_AMERICA',
    locale: 'nl-NL',
  });
  await ownerApproves(first.url);
  const accountId = (await linkOf(first.id)).accountId!;
  expect(accountId).toBeTruthy();

  // The owner withdraws consent at the manufacturer: the Vehicle API no longer lists the account.
  await withdrawSandboxAccount(page.request, accountId);

  await page.goto('/o/demo/accounts');
  const lapsed = page.getByRole('region', { name: 'No longer connected' });
  const row = lapsed.locator(`li[data-account-id="${accountId}"]`);
  await expect(row).toContainText('Kia');
  await expect(page.getByRole('region', { name: 'Accounts' }).getByText(accountId)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('link', { name: `Reconnect account ${accountId}` }).click();

  await expect(page).toHaveURL(new RegExp(`/o/demo/connect\\?account=${accountId}`));
  const notice = page.getByRole('status').filter({ hasText: 'Reconnecting account' });
  await expect(notice).toContainText('Pre-filled from the link that connected it');
  await expect(notice).toContainText('the owner’s e-mail (the earlier link was not mailed from Motorpool)');
  const form = page.getByRole('form', { name: 'New consent link' });
  await expect(form.getByLabel('Kia')).toBeChecked();
  await expect(form.getByLabel('Volkswagen')).not.toBeChecked();
  await expect(form.getByRole('checkbox', { name: /^Telemetry/ })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /^Remote commands/ })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: /^All vehicle data/ })).not.toBeChecked();
  await expect(form.getByLabel('Language of the consent pages')).toHaveValue('nl-NL');
  await expect(form.getByLabel('Region of the owner’s account')).toHaveValue('NORTH_AMERICA');
  await expect(form.getByLabel('E-mail the link to the owner (optional)')).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Create consent link' }).click();

  const renewed = page.getByRole('region', { name: /^Consent link(?!s)/ });
  await expect(renewed.getByText('Pending')).toBeVisible();
  const linkId = new URL(page.url()).searchParams.get('link')!;
  expect(linkId).not.toBe(first.id);
  await expect(renewed).toContainText('Nederlands');
  await expect(renewed).toContainText('Telemetry, Remote commands');
  await expect(renewed).toContainText('North America');
  await expect(renewed).toContainText('Kia');
  expect(await linkOf(linkId)).toMatchObject({ status: 'PENDING', reconnectsAccountId: accountId });

  // The onboarding page follows the reconnection like a first connection, linked to the account it renews.
  await page.goto('/o/demo/onboarding');
  const onboardingRow = page.getByRole('region', { name: 'Onboarding' }).locator(`tr[data-link-id="${linkId}"]`);
  await expect(onboardingRow).toContainText(`Reconnects account ${accountId}`);
  await expect(onboardingRow).toContainText('Link sent, owner not finished');

  await ownerApproves((await linkOf(linkId)).url);
  const renewedAccount = (await linkOf(linkId)).accountId!;
  expect(renewedAccount).toBeTruthy();
  await expect(async () => {
    await page.reload();
    await expect(onboardingRow).toContainText(/Vehicles appeared, no data yet|First telemetry seen/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(onboardingRow).toContainText(`Reconnects account ${accountId}`);
  await expect(onboardingRow).not.toContainText('Link sent, owner not finished');
  expect(await seriousViolations(page)).toEqual([]);

  // The reconnected account shows its consent at a glance: the scopes its link granted.
  await page.goto(`/o/demo/accounts/${renewedAccount}`);
  const consent = page.getByRole('region', { name: 'Consent' });
  await expect(consent.getByRole('list', { name: 'Scopes granted' }).getByRole('listitem')).toHaveText([/^Telemetry/, /^Remote commands/]);
  await expect(consent.getByText('Connected', { exact: true })).toBeVisible();
  await expect(consent.getByRole('link', { name: 'Reconnect' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await owner.close();
  await api.dispose();
});
