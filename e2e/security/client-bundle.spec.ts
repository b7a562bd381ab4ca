import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures/test';
import { SANDBOX_ADMIN_TOKEN } from '../fixtures/sandbox-token';

/** Everything the browser can download: the build's static chunks. */
function clientFiles(dir = path.join(process.cwd(), '.next', 'static')): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory() ? clientFiles(full) : /\.(js|css|json|txt)$/.test(entry) ? [full] : [];
  });
}

test('no client bundle holds a secret, a token or server-only code', async ({ request }) => {
  const files = clientFiles();
  expect(files.length).toBeGreaterThan(10);
  const admin = await request.get('/sandbox/_admin/organizations', { headers: { 'x-sandbox-admin-token': SANDBOX_ADMIN_TOKEN } });
  const { organizations } = (await admin.json()) as { organizations: { clientSecret: string }[] };
  const forbidden = [
    ...organizations.map((o) => o.clientSecret),
    SANDBOX_ADMIN_TOKEN,
    'VEHICLE_API_CLIENT_SECRET',
    'client_secret=',
    'AUTH_SECRET',
    'clientSecretEncrypted',
    'access_token_encrypted',
    'getOrganizationCredentials',
    'DbTokenStore',
    'createSandbox',
    'drizzle-orm',
    'scrypt',
    'grant_type',
  ];
  const leaks: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const needle of forbidden)
      if (text.includes(needle)) leaks.push(`${path.relative(process.cwd(), file)} contains ${needle.slice(0, 24)}`);
  }
  expect(leaks).toEqual([]);
});

test('no client bundle holds classic zod: schemas shared with the browser use zod/mini', () => {
  // Class names only classic zod registers (zod/mini's are ZodMiniObject, …; the core's $ZodError).
  const classic = /["'](ZodError|ZodType|ZodObject|ZodString)["']/;
  const found = clientFiles()
    .filter((file) => file.endsWith('.js'))
    .filter((file) => classic.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(process.cwd(), file));
  expect(found).toEqual([]);
});
