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

export function createMemoryTokenStore(): TokenStore {
  const tokens = new Map<string, CachedToken>();
  return {
    async get(key) {
      return tokens.get(key);
    },
    async set(key, token) {
      tokens.set(key, token);
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
export function createLayeredTokenStore(shared: TokenStore, { now = () => Date.now(), localForMs = 120_000 } = {}): TokenStore {
  const local = new Map<string, CachedToken>();
  return {
    async get(key) {
      const held = local.get(key);
      if (held && held.expiresAt - now() > localForMs) return held;
      const token = await shared.get(key);
      if (token) local.set(key, token);
      else local.delete(key);
      return token;
    },
    async set(key, token) {
      local.set(key, token);
      await shared.set(key, token);
    },
    async delete(key) {
      local.delete(key);
      await shared.delete(key);
    },
  };
}
