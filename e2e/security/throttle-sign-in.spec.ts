import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { newMember, ORIGIN_OF } from '../fixtures/invite';
import { storageStateOf } from '../fixtures/roles';

// Issue 12, item 4, tried as an attacker would, over HTTP against the production build: forged
// X-Forwarded-For headers, a burst of parallel guesses, and a lock-out aimed at a known person.
// The e2e server runs with TRUST_PROXY_HOPS=0: only the TCP peer's address counts.

const port = new URL(process.env.E2E_BASE_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3100}`).port;
const overIPv4 = `http://127.0.0.1:${port}`;
const overIPv6 = `http://[::1]:${port}`;

type Attempt = { status: number; error: string | null };

/** One sign-in through next-auth's credentials callback, as the form does it (CSRF token first). */
async function attempt(api: APIRequestContext, email: string, password: string, headers: Record<string, string> = {}): Promise<Attempt> {
  return attemptWith(api, await csrfTokenOf(api), email, password, headers);
}

async function csrfTokenOf(api: APIRequestContext): Promise<string> {
  return ((await (await api.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
}

async function attemptWith(
  api: APIRequestContext,
  csrfToken: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) {
  const response = await api.post('/api/auth/callback/credentials', {
    form: { csrfToken, email, password, json: 'true' },
    headers,
    maxRedirects: 0,
  });
  const location = response.headers()['location'] ?? ((await response.json().catch(() => ({}))) as { url?: string }).url ?? '';
  return { status: response.status(), error: location ? new URL(location, overIPv4).searchParams.get('error') : null };
}

const wrong = (a: Attempt) => a.error === 'CredentialsSignin';
const throttled = (a: Attempt) => a.error === 'TooManyAttempts';

async function contextAt(baseURL: string) {
  return playwrightRequest.newContext({ baseURL });
}

test('a forged X-Forwarded-For on every guess does not reset the throttle', async () => {
  const api = await contextAt(overIPv4);
  const email = `forged-xff-${Date.now()}@demo.test`;
  const answers: Attempt[] = [];
  for (let guess = 0; guess < 8; guess += 1) {
    // Each guess claims to come from a new address; the peer is the same socket address.
    answers.push(
      await attempt(api, email, `guess-${guess}`, { 'x-forwarded-for': `203.0.113.${guess + 1}`, 'x-real-ip': `198.51.100.${guess}` }),
    );
  }
  expect(answers.slice(0, 5).every(wrong), JSON.stringify(answers)).toBe(true);
  expect(answers.slice(5).some(throttled), JSON.stringify(answers)).toBe(true);
  await api.dispose();
});

/**
 * Guesses the policy lets through on top of the five free ones while a burst lasts `elapsedMs`:
 * after the fifth failure each next guess waits 1 s, then 2 s, 4 s... On a loaded machine a burst
 * sent at once can take seconds to answer, and the waits that ran out meanwhile are honoured.
 */
function backoffAllowanceWithin(elapsedMs: number): number {
  return Math.floor(Math.log2(elapsedMs / 1_000 + 1));
}

test('twenty guesses sent at once are counted against each other: at most five are checked', async () => {
  test.slow(); // every checked guess costs a password hash at OWASP's scrypt cost
  const api = await contextAt(overIPv4);
  const email = `burst-${Date.now()}@demo.test`;
  // One CSRF token for all: fetching one per guess would replace the cookie under the others.
  const csrfToken = await csrfTokenOf(api);
  const started = Date.now();
  const answers = await Promise.all(Array.from({ length: 20 }, (_, guess) => attemptWith(api, csrfToken, email, `burst-${guess}`)));
  const allowance = backoffAllowanceWithin(Date.now() - started);
  const report = JSON.stringify({ allowance, answers });
  expect(answers.filter(wrong).length, report).toBeLessThanOrEqual(5 + allowance);
  expect(answers.filter(throttled).length, report).toBeGreaterThanOrEqual(15 - allowance);
  await api.dispose();
});

test.describe('a known person', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('guesses against them from one address do not keep them out from another', async ({ browser, request, baseURL }) => {
    const password = 'their-own-long-password';
    const email = await newMember(browser, request, ORIGIN_OF(baseURL), 'demo', 'known-person', password);
    const attacker = await contextAt(overIPv4);
    const owner = await contextAt(overIPv6);
    const guesses: Attempt[] = [];
    // Guess until throttled: after five failures each wait doubles (1 s, 2 s, 4 s...), so a loaded
    // machine that answers a guess in over a second still meets a wait within a few more.
    for (let guess = 0; guess < 12 && !guesses.some(throttled); guess += 1) guesses.push(await attempt(attacker, email, `not-it-${guess}`));
    expect(guesses.some(throttled), JSON.stringify(guesses)).toBe(true);
    // The owner, from their own address, signs in at once.
    const own = await attempt(owner, email, password);
    expect(own.error, JSON.stringify(own)).toBeNull();
    expect(own.status).toBeLessThan(400);
    const session = (await (await owner.get('/api/auth/session')).json()) as { user?: { email?: string } };
    expect(session.user?.email).toBe(email);
    await attacker.dispose();
    await owner.dispose();
  });
});
