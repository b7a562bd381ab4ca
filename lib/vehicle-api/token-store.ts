import { setBounded } from '@/lib/bounded-map';

/**
 * Where the client keeps organization access tokens. The in-memory store serves one process;
 * the database store (lib/bff/db-token-store.ts) lets several server instances share tokens.
 */
export interface CachedToken {
  accessToken: string;
  refreshToken?: string;
  /** Epoch milliseconds at which the upstream says the access token expires. */
  expiresAt: number;
}

export interface TokenStore {
  get(key: string): Promise<CachedToken | undefined>;
  set(key: string, token: CachedToken): Promise<void>;
  delete(key: string): Promise<void>;
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
  return {
    async get(key) {
      const held = local.get(key);
      if (held && held.expiresAt - now() > localForMs) return held;
      const token = await shared.get(key);
      if (token) setBounded(local, key, token, maxEntries);
      else local.delete(key);
      return token;
    },
    async set(key, token) {
      setBounded(local, key, token, maxEntries);
      await shared.set(key, token);
    },
    async delete(key) {
      local.delete(key);
      await shared.delete(key);
    },
  };
}
