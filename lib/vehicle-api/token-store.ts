/**
 * Where the client keeps organization access tokens. The in-memory store serves one process;
 * the database store (lib/db/token-store.ts) lets several server instances share tokens.
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
