import { describe, expect, it } from 'vitest';
import { createLayeredTokenStore, createMemoryTokenStore, type CachedToken, type TokenStore } from './token-store';

function countingStore(): TokenStore & { reads: number } {
  const inner = createMemoryTokenStore();
  const store = {
    reads: 0,
    async get(key: string) {
      store.reads += 1;
      return inner.get(key);
    },
    set: (key: string, token: CachedToken) => inner.set(key, token),
    delete: (key: string) => inner.delete(key),
  };
  return store;
}

describe('layered token store', () => {
  const minute = 60_000;

  it('serves a token it holds from memory, without reading the shared store', async () => {
    const shared = countingStore();
    const store = createLayeredTokenStore(shared, { now: () => 0, localForMs: 2 * minute });
    await store.set('org', { accessToken: 'a', expiresAt: 60 * minute });
    for (let i = 0; i < 5; i++) expect((await store.get('org'))?.accessToken).toBe('a');
    expect(shared.reads).toBe(0);
    expect((await shared.get('org'))?.accessToken).toBe('a');
  });

  it('reads the shared store on a miss, so a token another instance obtained is used', async () => {
    const shared = countingStore();
    await shared.set('org', { accessToken: 'from-other-instance', expiresAt: 60 * minute });
    const store = createLayeredTokenStore(shared, { now: () => 0 });
    expect((await store.get('org'))?.accessToken).toBe('from-other-instance');
    expect((await store.get('org'))?.accessToken).toBe('from-other-instance');
    expect(shared.reads).toBe(1);
  });

  it('near expiry asks the shared store again and picks up a newer token', async () => {
    let now = 0;
    const shared = countingStore();
    const store = createLayeredTokenStore(shared, { now: () => now, localForMs: 2 * minute });
    await store.set('org', { accessToken: 'old', expiresAt: 10 * minute });
    now = 9 * minute;
    await shared.set('org', { accessToken: 'new', expiresAt: 70 * minute });
    expect((await store.get('org'))?.accessToken).toBe('new');
    expect(shared.reads).toBe(1);
  });

  it('delete removes the token from memory and from the shared store', async () => {
    const shared = countingStore();
    const store = createLayeredTokenStore(shared, { now: () => 0 });
    await store.set('org', { accessToken: 'a', expiresAt: 60 * minute });
    await store.delete('org');
    expect(await store.get('org')).toBeUndefined();
    expect(await shared.get('org')).toBeUndefined();
  });
});

describe('token stores are bounded', () => {
  const token = (n: number): CachedToken => ({ accessToken: `t${n}`, expiresAt: Date.now() + 3_600_000 });

  it('the memory store keeps at most maxEntries tokens, the least recently set dropped first', async () => {
    const store = createMemoryTokenStore(2);
    await store.set('a', token(1));
    await store.set('b', token(2));
    await store.set('c', token(3));
    expect(await store.get('a')).toBeUndefined();
    expect((await store.get('c'))?.accessToken).toBe('t3');
  });

  it('the layered store keeps at most maxEntries local copies and reads a dropped one from the shared store', async () => {
    const shared = countingStore();
    const store = createLayeredTokenStore(shared, { maxEntries: 2 });
    for (const [i, key] of ['a', 'b', 'c'].entries()) await store.set(key, token(i));
    const reads = shared.reads;
    expect((await store.get('c'))?.accessToken).toBe('t2');
    expect(shared.reads).toBe(reads);
    expect((await store.get('a'))?.accessToken).toBe('t0');
    expect(shared.reads).toBe(reads + 1);
  });
});
