import { afterAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type DbHandle } from '@/lib/db';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { DbTokenStore } from '@/lib/org/db-token-store';
import { createLayeredTokenStore } from '@/lib/vehicle-api/token-store';
import { createTokenManager, type TokenEndpoint } from '@/lib/vehicle-api/token';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0014');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A token endpoint that takes a while to answer, as a real one does, and counts its calls. */
function slowEndpoint() {
  let issued = 0;
  const endpoint = vi.fn<TokenEndpoint>(async () => {
    issued += 1;
    const token = `token-${issued}`;
    await sleep(300);
    return { access_token: token, token_type: 'Bearer', expires_in: 3600 };
  });
  return endpoint;
}

const postgresLeg = (await databaseLegs()).find((leg) => leg.kind === 'postgres')!;

describe.skipIf(!postgresLeg.available)('one token across instances on PostgreSQL', () => {
  const t = useTestDatabase('postgres');
  const handles: DbHandle[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
  });

  /** What one server process builds: its own connection pool, its own client over the shared database. */
  function instance(endpoint: TokenEndpoint, key: string) {
    const handle = openPostgres(t.database.url!, { max: 2 });
    handles.push(handle);
    return createTokenManager({
      store: createLayeredTokenStore(new DbTokenStore(handle.db, { lock: true })),
      key,
      endpoint,
      now: () => Date.now(),
      refreshSkewMs: 60_000,
    });
  }

  it('makes one token request when instances cold-start at once, however many requests each has', async () => {
    const endpoint = slowEndpoint();
    const a = instance(endpoint, 'org:cold');
    const b = instance(endpoint, 'org:cold');
    const c = instance(endpoint, 'org:cold');
    const tokens = await Promise.all([a.get(), b.get(), c.get(), a.get(), b.get(), c.get()]);
    expect(endpoint).toHaveBeenCalledTimes(1);
    expect(new Set(tokens)).toEqual(new Set(['token-1']));
  });

  it('makes one renewal when every instance sees the token rejected at once', async () => {
    const endpoint = slowEndpoint();
    const a = instance(endpoint, 'org:renew');
    const b = instance(endpoint, 'org:renew');
    expect(await Promise.all([a.get(), b.get()])).toEqual(['token-1', 'token-1']);
    const renewed = await Promise.all([a.renew('token-1'), b.renew('token-1')]);
    expect(endpoint).toHaveBeenCalledTimes(2);
    expect(renewed).toEqual(['token-2', 'token-2']);
  });

  it('goes on without the lock when the lock cannot be had, rather than fail the call', async () => {
    const endpoint = slowEndpoint();
    const handle = openPostgres(t.database.url!, { max: 1 });
    handles.push(handle);
    const store = new DbTokenStore(handle.db, { lock: true });
    const failingLock: DbTokenStore = Object.assign(Object.create(store) as DbTokenStore, {
      lock: () => Promise.reject(new Error('canceling statement due to lock timeout')),
    });
    const manager = createTokenManager({ store: failingLock, key: 'org:nolock', endpoint, now: () => Date.now(), refreshSkewMs: 60_000 });
    await expect(manager.get()).resolves.toBe('token-1');
    expect(endpoint).toHaveBeenCalledTimes(1);
  });
});
