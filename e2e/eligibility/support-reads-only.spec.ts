import { expect, test } from '../fixtures/test';
import { apiAs, createConsentLinkAs } from '../fixtures/connect';
import { storageStateOf } from '../fixtures/roles';

test.use({ storageState: storageStateOf('support') });

test('support sees consent links, checks and their results, but no control that creates or sends', async ({ page, baseURL }) => {
  const link = await createConsentLinkAs(baseURL!, 'manager', { makes: ['BMW'] });
  const manager = await apiAs(baseURL!, 'manager');
  const created = await manager.post('/api/o/demo/eligibility', {
    data: { vins: [{ vin: 'WBA3A5C50DF000001', countryCode: 'DE' }], label: 'Support can read this' },
  });
  expect(created.ok()).toBe(true);
  const { check } = await created.json();
  await manager.dispose();

  await page.goto('/o/demo/connect');
  await expect(page.getByRole('form', { name: 'New consent link' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create consent link' })).toHaveCount(0);
  const row = page.getByRole('region', { name: 'Consent links', exact: true }).locator(`tr[data-link-id="${link.id}"]`);
  await expect(row).toContainText('BMW');
  await row.getByRole('button', { name: /Details/ }).click();
  const detail = page.getByRole('region', { name: /^Consent link(?!s)/ });
  await expect(detail.getByLabel('Send this link to the owner')).toHaveValue(link.url);

  await page.goto('/o/demo/eligibility');
  await expect(page.getByRole('region', { name: 'New eligibility check' })).toHaveCount(0);
  await expect(page.getByLabel('VINs')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Check/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Bulk connection look-up' })).toBeVisible();
  await page.getByRole('region', { name: 'Eligibility checks' }).getByRole('link', { name: 'Support can read this' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Support can read this');
  await expect(page.getByRole('region', { name: 'Results per VIN' }).locator('tbody tr')).toHaveCount(1);
  expect(new URL(page.url()).pathname).toBe(`/o/demo/eligibility/${check.id}`);

  // The server refuses what the page does not offer.
  const refused = await page.request.post('/api/o/demo/connect', { data: {}, headers: { Origin: baseURL! } });
  expect(refused.status()).toBe(403);
});
