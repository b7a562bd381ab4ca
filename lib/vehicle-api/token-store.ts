import { setBounded } from '@/lib/bounded-map';

/**
 * Where the client keeps organization access tokens. The in-memory store serves one process;
 * the database store (lib/org/db-token-store.ts) lets several server instances share tokens.
 */
export interface CachedToken {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds at which the upstream says the access token expires. */
  expiresAt: number;
  /** Epoch milliseconds at which it was obtained, when known: with `expiresAt`, its lifetime (token-renewal.ts). */
  obtainedAt?: number;
}

export interface TokenStore {
  get(key: string): Promise<CachedToken | undefined>;
  set(key: string, token: CachedToken): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Present on a store shared by several processes that can exclude them (PostgreSQL's advisory
   * lock): runs `work` while no other process works on `key`, with a view of the store whose
   * writes are visible to the next holder. The client obtains tokens inside it, so instances
   * cold-starting together make one token request.
   */
  lock?<T>(key: string, work: (store: TokenStore) => Promise<T>): Promise<T>;
}

/** Organizations' tokens one process keeps at most; a dropped one is read again or obtained anew. */
const MAX_TOKENS = 1_000;

export function createMemoryTokenStore(maxEntries = MAX_TOKENS): TokenStore {
  const tokens = new Map<string, CachedToken>();
  return {
    async get(key) {
      return tokens.get(key);
    },
    async set(key, token) {
      setBounded(tokens, key, token, maxEntries);
    },
    async delete(key) {
      tokens.delete(key);
    },
  };
}

/**
 * A process-local copy in front of a shared store (the database), so a call does not pay a
 * database read for a token this process already holds. A token with less than `localForMs`
 * left, or a miss, is read from the shared store again, so a token another instance obtained
 * near expiry is picked up before this process asks the upstream for one of its own.
 * `localForMs` must exceed the client's refresh skew.
 */
export function createLayeredTokenStore(
  shared: TokenStore,
  { now = () => Date.now(), localForMs = 120_000, maxEntries = MAX_TOKENS } = {},
): TokenStore {
  const local = new Map<string, CachedToken>();
  // Under the lock the shared store is the truth: another instance may have just replaced a
  // token this process still holds (a renewal after a rejection).
  const over = (inner: TokenStore, trustLocal: boolean): TokenStore => ({
    async get(key) {
      const held = trustLocal ? local.get(key) : undefined;
      if (held && held.expiresAt - now() > localForMs) return held;
      const token = await inner.get(key);
      if (token) setBounded(local, key, token, maxEntries);
      else local.delete(key);
      return token;
    },
    async set(key, token) {
      setBounded(local, key, token, maxEntries);
      await inner.set(key, token);
    },
    async delete(key) {
      local.delete(key);
      await inner.delete(key);
    },
    ...(inner.lock ? { lock: (key, work) => inner.lock!(key, (locked) => work(over(locked, false))) } : {}),
  });
  return over(shared, true);
}
