import { request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { apiAs } from '../fixtures/connect';
import { storageStateOf } from '../fixtures/roles';
import { stepUp } from '../fixtures/step-up';

test.use({ storageState: storageStateOf('admin') });

type Created = { credential: { id: string; prefix: string; name: string }; secret: string };

/** A program's client: the bearer and nothing else (no cookie, no Origin). */
const programOf = (baseURL: string, secret: string): Promise<APIRequestContext> =>
  // An empty storage state: the runner would otherwise hand the new context the admin's cookies.
  playwrightRequest.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { Authorization: `Bearer ${secret}` },
  });

/**
 * Creating a credential is a dangerous action: the admin's session steps up first. A body that
 * holds a time (an expiry seconds away) is a function, read after the step-up: the password check
 * can take seconds on a loaded machine, and a time taken before it may have passed already.
 */
async function createCredential(
  admin: APIRequestContext,
  origin: string,
  body: Record<string, unknown> | (() => Record<string, unknown>),
): Promise<Created> {
  await stepUp(admin, origin);
  const response = await admin.post('/api/o/demo/api-credentials', { data: typeof body === 'function' ? body() : body });
  if (!response.ok()) throw new Error(`creating a credential answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as Created;
}

async function expectRefusal(response: APIResponse, status: number, code: string) {
  expect(response.status(), await response.text()).toBe(status);
  const { error } = (await response.json()) as { error: { code: string; message: string } };
  expect(error.code).toBe(code);
  expect(error.message.length).toBeGreaterThan(10);
  expect(response.headers()['x-request-id']).toBeTruthy();
}

test('an admin creates a read-only credential, sees its secret once, a program lists vehicles and is refused a command; revoked, it is refused at once', async ({
  page,
  baseURL,
}, testInfo) => {
  const name = `Nightly report ${Date.now()}`;
  await page.goto('/o/demo/settings');
  await stepUp(page.request, new URL(baseURL!).origin);
  const panel = page.getByRole('region', { name: 'API credentials' });
  await panel.getByLabel('Name').fill(name);
  await panel.getByLabel('Scope').selectOption('read');
  await panel.getByLabel('Allowed addresses').fill('127.0.0.1, ::1');
  await panel.getByRole('button', { name: 'Create credential' }).click();
  const shown = panel.getByRole('status').filter({ hasText: `Secret of ${name}` });
  await expect(shown).toBeVisible();
  const secret = (await shown.getByTestId('api-credential-secret').innerText()).trim();
  expect(secret).toMatch(/^mp_[a-z2-9]{8}_/);
  const row = panel.getByTestId('api-credential-row').filter({ hasText: name });
  await expect(row).toContainText(secret.slice(0, 11));
  await expect(row).toContainText('never used');

  for (const [look, scheme, width] of [
    ['light', 'light', 1280],
    ['dark', 'dark', 1280],
    ['narrow-dark', 'dark', 360],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    await panel.screenshot({ path: testInfo.outputPath(`api-credentials-${look}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });

  const program = await programOf(baseURL!, secret);
  const listed = await program.get('/api/o/demo/vehicles?pageSize=5');
  expect(listed.status(), await listed.text()).toBe(200);
  expect(((await listed.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
  expect(listed.headers()['ratelimit-limit']).toBe('120');
  const vehicleId = ((await listed.json()) as { items: { id: string }[] }).items[0]!.id;
  await expectRefusal(
    await program.post(`/api/o/demo/vehicles/${vehicleId}/commands`, { data: { command: 'SET_CHARGE_LIMIT', args: { limit: 80 } } }),
    403,
    'API_CREDENTIAL_SCOPE',
  );
  // Never the members, and never its own kind, without a scope that names them.
  await expectRefusal(await program.get('/api/o/demo/members'), 403, 'API_CREDENTIAL_SCOPE');
  await expectRefusal(await program.get('/api/o/demo/api-credentials'), 403, 'API_CREDENTIAL_SCOPE');

  // After creation the secret is in no answer: not the list, not a reload of the page.
  const list = await page.request.get('/api/o/demo/api-credentials');
  expect(await list.text()).not.toContain(secret.slice(12));
  await page.reload();
  await expect(row).toContainText('last used');
  await expect(page.getByTestId('api-credential-secret')).toHaveCount(0);
  expect(await page.content()).not.toContain(secret.slice(12));

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke credential' }).click();
  await expect(page.getByText(`${name} revoked.`)).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expectRefusal(await program.get('/api/o/demo/vehicles?pageSize=5'), 401, 'API_CREDENTIAL_REVOKED');
  await program.dispose();
});

test('a manager credential sends a command once under its Idempotency-Key, and the audit entry names it; the secret is not in the support bundle', async ({
  baseURL,
}) => {
  const admin = await apiAs(baseURL!, 'admin');
  const { credential, secret } = await createCredential(admin, baseURL!, { name: `Van locker ${Date.now()}`, scope: 'manage' });
  const program = await programOf(baseURL!, secret);
  const listed = (await (await program.get('/api/o/demo/vehicles?pageSize=100')).json()) as { items: { id: string }[] };
  // Far down the demo list: no other spec commands this vehicle.
  const vehicleId = listed.items[93]!.id;
  const key = `van-locker-${Date.now()}`;
  const send = () =>
    program.post(`/api/o/demo/vehicles/${vehicleId}/commands`, {
      headers: { 'Idempotency-Key': key },
      data: { command: 'SET_CHARGE_LIMIT', args: { limit: 70 } },
    });
  const first = await send();
  expect(first.ok(), await first.text()).toBe(true);
  const repeat = await send();
  expect(repeat.ok()).toBe(true);
  const firstId = ((await first.json()) as { execution: { id: string } }).execution.id;
  expect(((await repeat.json()) as { execution: { id: string } }).execution.id).toBe(firstId);

  const audit = await admin.get('/api/o/demo/audit?action=commands.sent&limit=50');
  const { events } = (await audit.json()) as {
    events: { actorEmail: string; targetId: string; details: { apiCredential?: { id: string } } }[];
  };
  const entry = events.find((e) => e.targetId === vehicleId && e.details.apiCredential?.id === credential.id);
  expect(entry?.actorEmail).toBe(`api credential ${credential.prefix} (${credential.name.toLowerCase()})`);

  const bundle = await program.get(`/api/o/demo/vehicles/${vehicleId}/support-bundle`);
  expect(bundle.status()).toBe(200);
  const text = await bundle.text();
  expect(text).toContain(firstId);
  expect(text).not.toContain(secret.slice(12));

  // A session cookie and a bearer together are refused, whichever would have been allowed.
  const both = await apiAs(baseURL!, 'admin');
  await expectRefusal(
    await both.get('/api/o/demo/vehicles?pageSize=5', { headers: { Authorization: `Bearer ${secret}` } }),
    401,
    'AMBIGUOUS_AUTHENTICATION',
  );
  await Promise.all([both.dispose(), program.dispose(), admin.dispose()]);
});

test('an expired credential, one used from outside its addresses and one past its rate are refused with their codes', async ({
  baseURL,
}) => {
  const admin = await apiAs(baseURL!, 'admin');
  const stamp = Date.now();
  const expiring = await createCredential(admin, baseURL!, () => ({
    name: `Expiring ${stamp}`,
    scope: 'read',
    // Ten seconds from just before the request: a past expiry is refused, and creating took seconds on a loaded machine.
    expiresAt: new Date(Date.now() + 10_000).toISOString(),
  }));
  const fenced = await createCredential(admin, baseURL!, { name: `Fenced ${stamp}`, scope: 'read', allowedAddresses: ['203.0.113.0/24'] });
  const limited = await createCredential(admin, baseURL!, { name: `Limited ${stamp}`, scope: 'read', ratePerMinute: 2 });

  const fencedProgram = await programOf(baseURL!, fenced.secret);
  await expectRefusal(await fencedProgram.get('/api/o/demo/vehicles?pageSize=5'), 403, 'API_CREDENTIAL_ADDRESS_REFUSED');

  const limitedProgram = await programOf(baseURL!, limited.secret);
  const answers = [];
  for (let i = 0; i < 3; i += 1) answers.push(await limitedProgram.get('/api/o/demo/vehicles/tags/seen'));
  expect(answers.map((a) => a.status())).toEqual([200, 200, 429]);
  expect(Number(answers[2]!.headers()['retry-after'])).toBeGreaterThan(0);
  expect(answers[2]!.headers()['ratelimit-remaining']).toBe('0');
  await expectRefusal(answers[2]!, 429, 'API_CREDENTIAL_RATE_LIMITED');

  const expiringProgram = await programOf(baseURL!, expiring.secret);
  // Its expiry was ten seconds after creation: poll until it passes rather than assume a gap.
  await expect.poll(async () => (await expiringProgram.get('/api/o/demo/vehicles/tags/seen')).status(), { timeout: 30_000 }).toBe(401);
  await expectRefusal(await expiringProgram.get('/api/o/demo/vehicles/tags/seen'), 401, 'API_CREDENTIAL_EXPIRED');
  await Promise.all([fencedProgram.dispose(), limitedProgram.dispose(), expiringProgram.dispose(), admin.dispose()]);
});

test('the API reference page lists the operations with their permissions, offline', async ({ page }, testInfo) => {
  await page.goto('/o/demo/settings/api');
  await expect(page.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Send a command once, then follow its execution' })).toBeVisible();
  const send = page.getByRole('listitem').filter({ hasText: '/api/o/{org}/vehicles/{vehicleId}/commands' }).filter({ hasText: 'POST' });
  await expect(send).toContainText('commands.send');
  await expect(send).toContainText('idempotency-key (header)');
  for (const [look, scheme, width] of [
    ['light', 'light', 1280],
    ['narrow-dark', 'dark', 360],
  ] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`api-reference-${look}.png`) });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('the console API’s OpenAPI document is served to a program with no session', async ({ baseURL }) => {
  const anonymous = await playwrightRequest.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const response = await anonymous.get('/api/openapi.json');
  expect(response.status()).toBe(200);
  const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect(document.openapi).toBe('3.1.0');
  expect(Object.keys(document.paths['/api/o/{org}/vehicles/{vehicleId}/commands'] ?? {}).sort()).toEqual(['get', 'post']);
  await anonymous.dispose();
});
