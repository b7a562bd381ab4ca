import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { answerConsent, createConsentLinkAs, getConsentLinkAs } from '../fixtures/connect';

// The landing page is for vehicle owners: no Motorpool session at all.
test.use({ storageState: { cookies: [], origins: [] } });

const UNMATCHED = 'This page could not be matched to a connection link';
// Long, yet under the server's 16 KB header limit (beyond it Node itself answers 431).
const long = 'A'.repeat(2_500);

const HOSTILE: Record<string, string>[] = [
  { result: '<script>alert(1)</script>', accountId: 'javascript:alert(1)' },
  { result: 'success', accountId: '"><img src=x onerror=alert(1)>' },
  {
    result: 'success',
    accountId: 'acc_1',
    next: 'https://evil.example/',
    redirect: '//evil.example',
    returnUrl: 'javascript:alert(document.domain)',
  },
  { result: 'https://evil.example/phish', accountId: 'https://evil.example/' },
  { result: 'success', accountId: long, error: long, link: long, state: long },
  { result: 'failure', error: '<b>HACKED</b>', link: '../../etc/passwd', state: '"><svg onload=alert(1)>' },
  { result: 'success', accountId: 'acc_1', link: '0196f0b8-1c2d-7e3f-8a4b-5c6d7e8f9a0b', state: 'A'.repeat(43) },
];

/**
 * Nothing hostile reaches the page as markup or text. (Next's router payload carries the request
 * URL, percent-encoded inside a JSON string: data, never markup; so the DOM and the visible text
 * are what is checked, plus the raw HTML for any decoded hostile markup.)
 */
async function expectHarmless(page: Page) {
  const html = await page.content();
  for (const markup of ['<script>alert', '<img src=x', '<svg onload', '<b>HACKED'])
    expect(html, `raw HTML must not carry ${markup}`).not.toContain(markup);
  const text = await page.locator('body').innerText();
  for (const needle of ['evil.example', 'alert(', 'onerror', 'HACKED', 'javascript:', 'etc/passwd', 'AAAAAAAAAA', 'acc_1']) {
    expect(text, `visible text must not echo ${needle}`).not.toContain(needle);
  }
  expect(await page.locator('main img, main script, main iframe').count()).toBe(0);
  const handlers = await page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${el.tagName} ${a.name}`),
    ),
  );
  expect(handlers).toEqual([]);
  for (const href of await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))) {
    expect(new URL(href).origin, href).toBe(new URL(page.url()).origin);
  }
}

test('hostile or forged parameters render a generic page: no redirect, no markup, nothing echoed', async ({ page, baseURL }) => {
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
  for (const params of HOSTILE) {
    const response = await page.goto(`/connect/return?${new URLSearchParams(params)}`);
    expect(response?.status()).toBe(200);
    expect(response?.request().redirectedFrom()).toBeNull();
    expect(new URL(page.url()).origin + new URL(page.url()).pathname).toBe(`${baseURL}/connect/return`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(UNMATCHED);
    await expect(page.getByText('you may try again with a new link')).toBeVisible();
    await expectHarmless(page);
  }
});

test('an owner without an account lands on a plain answer naming only the organization, and the link is completed', async ({
  page,
  baseURL,
}) => {
  const link = await createConsentLinkAs(baseURL!, 'manager', { makes: ['Kia'] });
  const back = await answerConsent(page.request, link.url, 'approve');
  expect(`${back.origin}${back.pathname}`).toBe(`${baseURL}/connect/return`);

  await page.goto(back.toString());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account is connected');
  await expect(page.getByText('Demo Fleet can now read the data you allowed for your vehicles.')).toBeVisible();
  await expect(page.getByText(/What happens next/)).toBeVisible();
  // Nothing of the organization beyond its name: no console links, no slug, no account id.
  await expect(page.locator('a[href^="/o/"]')).toHaveCount(0);
  const text = await page.locator('body').innerText();
  expect(text).not.toContain(back.searchParams.get('accountId')!);
  expect(page.url()).not.toContain('/sign-in');

  const settled = await getConsentLinkAs(baseURL!, 'manager', link.id);
  expect(settled).toMatchObject({ status: 'COMPLETED', accountId: back.searchParams.get('accountId') });
});

test('a forged state or a made-up account never settles a link', async ({ page, baseURL }) => {
  const link = await createConsentLinkAs(baseURL!, 'manager');
  const back = await answerConsent(page.request, link.url, 'approve');

  const forged = new URL(back);
  forged.searchParams.set('state', 'B'.repeat(43));
  await page.goto(forged.toString());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(UNMATCHED);

  const madeUp = new URL(back);
  madeUp.searchParams.set('accountId', 'acc_made_up_by_someone');
  await page.goto(madeUp.toString());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not confirm the connection yet');
  expect((await getConsentLinkAs(baseURL!, 'manager', link.id)).status).toBe('PENDING');

  // The genuine return still completes it; editing the outcome afterwards changes nothing.
  await page.goto(back.toString());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account is connected');
  const edited = new URL(back);
  edited.searchParams.set('result', 'failure');
  edited.searchParams.set('error', 'ACCESS_DENIED');
  edited.searchParams.delete('accountId');
  await page.goto(edited.toString());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account is connected');
  expect((await getConsentLinkAs(baseURL!, 'manager', link.id)).status).toBe('COMPLETED');
});

test('the landing page fits a 360 px phone', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const link = await createConsentLinkAs(baseURL!, 'manager');
  const back = await answerConsent(page.request, link.url, 'deny');
  await page.goto(back.toString());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The connection did not go through');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
