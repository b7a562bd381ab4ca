import { expect, test } from '../fixtures/test';
import { answerConsent, getConsentLinkAs } from '../fixtures/connect';
import { storageStateOf } from '../fixtures/roles';
import { expireSandboxConsentLink } from '../fixtures/sandbox';

test.use({ storageState: storageStateOf('manager') });

test('an hour later the countdown ends, the list says expired, and the owner is told to ask for a new link', async ({
  page,
  context,
  baseURL,
}) => {
  await page.clock.install();
  await page.goto('/o/demo/connect');
  const form = page.getByRole('form', { name: 'New consent link' });
  await form.getByRole('button', { name: 'Create consent link' }).click();
  const result = page.getByRole('region', { name: /^Consent link(?!s)/ });
  const consentUrl = await result.getByLabel('Send this link to the owner').inputValue();
  const linkId = new URL(page.url()).searchParams.get('link')!;
  const row = page.getByRole('region', { name: 'Consent links', exact: true }).locator(`tr[data-link-id="${linkId}"]`);
  await expect(row).toContainText(/Pending\s*(60:00|59:\d\d) left/);

  await expireSandboxConsentLink(page.request, consentUrl);
  await page.clock.fastForward('01:00:01');
  await expect(result.getByText('This link expired')).toBeVisible();
  await expect(result.getByText('Expired', { exact: true })).toBeVisible();
  await expect(result.getByRole('timer')).toHaveCount(0);
  await expect(result.getByRole('img', { name: 'QR code of the consent link' })).toHaveCount(0);
  await expect(row).toContainText('Expired');

  const owner = await context.newPage();
  const response = await owner.goto(consentUrl);
  expect(response?.status()).toBe(410);
  await expect(owner.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await expect(owner.getByText('Ask the fleet operator for a new link.')).toBeVisible();
  await owner.close();

  // Nothing came back, so nothing was settled: the kept link stays unanswered.
  expect((await getConsentLinkAs(baseURL!, 'manager', linkId)).status).toBe('PENDING');
});

test('a denied consent is recorded as failed with its reason, and the owner may try again with a new link', async ({ page, baseURL }) => {
  await page.goto('/o/demo/connect');
  await page.getByRole('form', { name: 'New consent link' }).getByRole('button', { name: 'Create consent link' }).click();
  const consentUrl = await page
    .getByRole('region', { name: /^Consent link(?!s)/ })
    .getByLabel('Send this link to the owner')
    .inputValue();
  const linkId = new URL(page.url()).searchParams.get('link')!;

  const back = await answerConsent(page.request, consentUrl, 'deny');
  expect(back.origin).toBe(baseURL);
  expect(back.searchParams.get('link')).toBe(linkId);
  await page.goto(back.toString());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The connection did not go through');
  await expect(page.getByText('You declined access on the consent page, so nothing was shared.')).toBeVisible();
  await expect(page.getByText('You can try again with a new link. Ask Demo Fleet to send you one.')).toBeVisible();

  await page.goto(`/o/demo/connect?link=${linkId}`);
  const result = page.getByRole('region', { name: /^Consent link(?!s)/ });
  await expect(result.getByText('Failed', { exact: true })).toBeVisible();
  await expect(result).toContainText('ACCESS_DENIED');
});
