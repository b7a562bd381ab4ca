import { expect, test } from '../fixtures/test';
import { answerConsent, createConsentLinkAs, getConsentLinkAs } from '../fixtures/connect';
import { storageStateOf } from '../fixtures/roles';
import { addFilter, filterChips } from '../fixtures/filter-bar';

test.use({ storageState: storageStateOf('manager') });

test('a consent link is followed from creation to first telemetry; waiting and refused ones show as stuck', async ({
  page,
  baseURL,
  browser,
}) => {
  const waiting = await createConsentLinkAs(baseURL!, 'manager', { makes: ['Kia'] });
  const finished = await createConsentLinkAs(baseURL!, 'manager', { makes: ['Kia'] });
  const refused = await createConsentLinkAs(baseURL!, 'manager', { makes: ['Kia'] });

  // The owners answer on the sandbox's consent page and land on the console's return page.
  const owner = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const ownerPage = await owner.newPage();
  await ownerPage.goto((await answerConsent(owner.request, finished.url, 'approve')).toString());
  await expect(ownerPage.getByRole('heading', { level: 1 })).toHaveText('Your account is connected');
  await ownerPage.goto((await answerConsent(owner.request, refused.url, 'deny')).toString());
  await owner.close();
  expect((await getConsentLinkAs(baseURL!, 'manager', finished.id)).status).toBe('COMPLETED');

  await page.goto('/o/demo/onboarding');
  const table = page.getByRole('region', { name: 'Onboarding' });
  const row = (id: string) => table.locator(`tr[data-link-id="${id}"]`);
  await expect(row(finished.id)).toContainText('First telemetry seen');
  await expect(row(finished.id)).toContainText('not stuck');
  await expect(row(finished.id)).toContainText('Nothing to do');
  await expect(row(waiting.id)).toContainText('Link sent, owner not finished');
  await expect(row(waiting.id)).toContainText('send the link again');
  await expect(row(refused.id)).toContainText('Consent refused');
  await expect(row(refused.id)).toContainText('send a new link');

  // Stuck for more than 0 hours: the waiting and refused links, not the finished one.
  await addFilter(page, 'Stuck for more than (hours)…');
  await page.getByLabel('Stuck for more than (hours)').fill('0');
  await page.getByLabel('Stuck for more than (hours)').press('Enter');
  await expect(page).toHaveURL(/stuckHours=0/);
  await expect(row(waiting.id)).toBeVisible();
  await expect(row(refused.id)).toBeVisible();
  await expect(row(finished.id)).toHaveCount(0);

  await addFilter(page, 'Stage…');
  await page.getByLabel('Stage').selectOption('consent_refused');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(row(refused.id)).toBeVisible();
  await expect(row(waiting.id)).toHaveCount(0);

  await addFilter(page, 'Created by (email)…');
  await page.getByLabel('Created by (email)').fill('someone-else@demo.test');
  await page.getByLabel('Created by (email)').press('Enter');
  await expect(filterChips(page)).toHaveText([
    // In the bar's order of filters, not the order they were added.
    'Stage: Link: Consent refused',
    'Stuck for more than 0 h',
    'Created by (email): someone-else@demo.test',
  ]);
  await expect(page.getByText('No connections match these filters')).toBeVisible();
  await expect(row(refused.id)).toHaveCount(0);
});
