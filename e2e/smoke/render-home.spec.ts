import { expect, test } from '../fixtures/test';

test('the served production build renders the home page', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('connected fleet');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('the health and readiness endpoints answer without a session', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.ok()).toBe(true);
  expect(await response.json()).toEqual({ ok: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/), commit: null });
  const ready = await request.get('/api/ready');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ ready: true });
});

test('pages carry the security headers and a per-request CSP nonce', async ({ request }) => {
  const first = await request.get('/');
  const second = await request.get('/');
  const csp = first.headers()['content-security-policy'];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(second.headers()['content-security-policy']).not.toBe(csp);
  expect(first.headers()['x-content-type-options']).toBe('nosniff');
  expect(first.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
});

test('the benchmark routes do not exist outside the benchmark', async ({ request }) => {
  expect((await request.get('/api/bench/o/demo/vehicles')).status()).toBe(404);
  expect((await request.get('/api/bench/o/demo/vehicles/wrapped')).status()).toBe(404);
  expect((await request.post('/api/bench/gc')).status()).toBe(404);
});

test('crawlers are asked to stay out of the console', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.ok()).toBe(true);
  expect(await response.text()).toMatch(/User-agent: \*\s+Disallow: \//);
});
