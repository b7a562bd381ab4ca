import { readFileSync } from 'node:fs';
import { request as playwrightRequest } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';

/**
 * Issue 12, item 0: a change made from the console opened at another address than APP_URL
 * (127.0.0.1 instead of localhost, a LAN name) passes the same-origin check; a foreign origin,
 * and a forged X-Forwarded-Host while no proxy hop is trusted, are still refused.
 *
 * The change is a tag with an empty body: past the origin check, the session and the permission
 * it answers 400 VALIDATION_FAILED; refused at the origin check it answers 403 CROSS_ORIGIN.
 */
const CHANGE = '/api/o/demo/vehicles/any-vehicle/tags';

function sessionCookie(): string {
  const state = JSON.parse(readFileSync(storageStateOf('admin'), 'utf8')) as { cookies: { name: string; value: string }[] };
  return state.cookies
    .filter((c) => c.name.includes('next-auth'))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

async function post(base: string, headers: Record<string, string>) {
  const context = await playwrightRequest.newContext({ baseURL: base });
  const response = await context.post(CHANGE, {
    data: {},
    headers: { Cookie: sessionCookie(), 'Content-Type': 'application/json', ...headers },
  });
  const result = { status: response.status(), code: ((await response.json()) as { error?: { code?: string } }).error?.code };
  await context.dispose();
  return result;
}

test.describe('the same-origin check follows the address the console was opened at', () => {
  test('a change from http://127.0.0.1 passes the origin check', async ({ baseURL }) => {
    const base = baseURL!.replace('localhost', '127.0.0.1');
    expect(await post(base, { Origin: base })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  });

  test('a change from http://localhost (APP_URL) passes the origin check', async ({ baseURL }) => {
    expect(await post(baseURL!, { Origin: baseURL! })).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  });

  test('a foreign origin is refused at either address', async ({ baseURL }) => {
    const ip = baseURL!.replace('localhost', '127.0.0.1');
    expect(await post(ip, { Origin: 'http://evil.example' })).toEqual({ status: 403, code: 'CROSS_ORIGIN' });
    expect(await post(baseURL!, { Origin: 'http://evil.example' })).toEqual({ status: 403, code: 'CROSS_ORIGIN' });
    // Same host, other port or scheme: another origin.
    expect(await post(ip, { Origin: 'http://127.0.0.1:1' })).toEqual({ status: 403, code: 'CROSS_ORIGIN' });
    expect(await post(ip, { Origin: ip.replace('http:', 'https:') })).toEqual({ status: 403, code: 'CROSS_ORIGIN' });
  });

  test('a forged X-Forwarded-Host is ignored with TRUST_PROXY_HOPS at 0', async ({ baseURL }) => {
    const ip = baseURL!.replace('localhost', '127.0.0.1');
    const forged = { Origin: 'http://evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'http' };
    expect(await post(ip, forged)).toEqual({ status: 403, code: 'CROSS_ORIGIN' });
  });
});
