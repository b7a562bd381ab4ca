import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type Db, type DbHandle } from '@/lib/db';
import { postgresAvailable } from '@/lib/db/testing.test-support';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import type { Mailer } from '@/lib/ops/mail';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-2626');
vi.stubEnv('APP_URL', 'https://motorpool.example');
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/** Nothing is mailed here (the deferred work never runs); the limit is taken before it. */
const mailer = { transport: { sendMail: () => Promise.reject(new Error('not in this test')) }, from: 'x@example.com' } as unknown as Mailer;

/**
 * Two instances of the console: each its own copy of the modules (what a process keeps in
 * memory is not shared) and its own connection to the one PostgreSQL database.
 */
async function instance(url: string) {
  vi.resetModules();
  const reset = await import('./request-password-reset');
  const passkeys = await import('./manage-passkeys');
  const handle: DbHandle = openPostgres(url, { max: 2 });
  const db = handle.db as Db;
  return {
    handle,
    // Async wrappers: a refusal is a rejection whether the limit is checked before or after a wait.
    forgot: async (email: string, ip: string) => reset.requestPasswordReset({ email, ip }, { db, mailer, defer: () => undefined }),
    passkeyOptions: async (ip: string) => passkeys.startPasskeySignIn({ ip }, db),
  };
}

describe.skipIf(!(await postgresAvailable()))('request limits shared by two instances on PostgreSQL', () => {
  const t = useTestDatabase('postgres');
  let a: Awaited<ReturnType<typeof instance>>;
  let b: Awaited<ReturnType<typeof instance>>;
  beforeAll(async () => {
    a = await instance(t.database.url!);
    b = await instance(t.database.url!);
  });
  afterAll(async () => {
    await a?.handle.close();
    await b?.handle.close();
  });
  const limited = expect.objectContaining({ code: 'RATE_LIMITED', status: 429 });

  it('gives one address 3 reset links across both instances, and one client 10 requests', async () => {
    await a.forgot('victim@example.com', '198.51.100.1');
    await a.forgot('victim@example.com', '198.51.100.2');
    await b.forgot('victim@example.com', '198.51.100.3');
    await expect(b.forgot('victim@example.com', '198.51.100.4')).rejects.toThrow(limited);
    await expect(a.forgot('victim@example.com', '198.51.100.5')).rejects.toThrow(limited);

    for (let i = 0; i < 5; i++) await a.forgot(`spray-${i}@example.com`, '2001:db8:7:7::1');
    for (let i = 5; i < 10; i++) await b.forgot(`spray-${i}@example.com`, '2001:db8:7:7::2');
    await expect(b.forgot('spray-next@example.com', '2001:db8:7:7::3')).rejects.toThrow(limited);
    await expect(a.forgot('spray-next@example.com', '2001:db8:7:7::4')).rejects.toThrow(limited);
  });

  it('gives one client 30 passkey sign-in challenges in 5 minutes across both instances', async () => {
    for (let i = 0; i < 15; i++) await a.passkeyOptions('203.0.113.9');
    for (let i = 0; i < 15; i++) await b.passkeyOptions('203.0.113.9');
    await expect(a.passkeyOptions('203.0.113.9')).rejects.toThrow(limited);
    await expect(b.passkeyOptions('203.0.113.9')).rejects.toThrow(limited);
    // Another client still gets one.
    await expect(b.passkeyOptions('203.0.113.10')).resolves.toMatchObject({ challenge: expect.any(String) });
  });
});
