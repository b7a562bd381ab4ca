import 'server-only';
import type { TokenResponse } from './schemas';
import { isTokenFresh } from './token-renewal';
import type { CachedToken, TokenStore } from './token-store';

/** Posts one form to the token endpoint and returns the parsed token response (or throws). */
export type TokenEndpoint = (form: Record<string, string>) => Promise<TokenResponse>;

export interface TokenManagerOptions {
  store: TokenStore;
  key: string;
  endpoint: TokenEndpoint;
  now: () => number;
  /** A cached token is replaced at most this long before it expires (less for a short-lived token: token-renewal.ts). */
  refreshSkewMs: number;
}

export interface TokenManager {
  /** A usable access token: the cached one while fresh, else one obtained (single flight). */
  get(): Promise<string>;
  /** After the upstream rejected `rejected` with a 401: a different token (single flight). */
  renew(rejected: string): Promise<string>;
}

// [A] When the upstream omits `expires_in`, assume a short life rather than the 3600 s it usually grants.
const DEFAULT_EXPIRES_IN_SECONDS = 300;

/**
 * In-flight token requests, per store and cache key: clients built per request but sharing one
 * store still share one token request. Across processes, a store with a lock (PostgreSQL's
 * advisory lock) makes them one request; without one the shared store only narrows duplicates.
 */
const inflightByStore = new WeakMap<TokenStore, Map<string, Promise<CachedToken>>>();

/**
 * The store is a cache: when it fails (a shared database briefly away), calls go on with tokens
 * obtained directly rather than fail; single flight still bounds the token requests.
 */
function tolerant(store: TokenStore): TokenStore {
  const lock = store.lock?.bind(store);
  return {
    ...(lock
      ? {
          async lock<T>(key: string, work: (locked: TokenStore) => Promise<T>): Promise<T> {
            let outcome: { value: T } | { error: unknown } | undefined;
            try {
              return await lock(key, async (locked) => {
                try {
                  const value = await work(tolerant(locked));
                  outcome = { value };
                  return value;
                } catch (error) {
                  outcome = { error };
                  throw error;
                }
              });
            } catch {
              // The work's own failure is the caller's; a failure of the lock (the database away,
              // the wait past lock_timeout) only costs the exclusion: go on without it.
              if (outcome && 'value' in outcome) return outcome.value;
              if (outcome) throw outcome.error;
              return work(tolerant(store));
            }
          },
        }
      : {}),
    get: (key) =>
      Promise.resolve()
        .then(() => store.get(key))
        .catch(() => undefined),
    set: (key, token) =>
      Promise.resolve()
        .then(() => store.set(key, token))
        .catch(() => undefined),
    delete: (key) =>
      Promise.resolve()
        .then(() => store.delete(key))
        .catch(() => undefined),
  };
}

export function createTokenManager({ store: sharedStore, key, endpoint, now, refreshSkewMs }: TokenManagerOptions): TokenManager {
  const store = tolerant(sharedStore);
  let inflight = inflightByStore.get(sharedStore);
  if (!inflight) {
    inflight = new Map();
    inflightByStore.set(sharedStore, inflight);
  }
  const flights = inflight;

  const isFresh = (token: CachedToken | undefined): token is CachedToken => isTokenFresh(token, now(), refreshSkewMs);

  function singleFlight(work: () => Promise<CachedToken>): Promise<CachedToken> {
    const running = flights.get(key);
    if (running) return running;
    const flight = work().finally(() => flights.delete(key));
    flights.set(key, flight);
    return flight;
  }

  /** Token work runs under the store's cross-process lock when it has one (PostgreSQL), else as is. */
  function exclusive(work: (locked: TokenStore) => Promise<CachedToken>): Promise<CachedToken> {
    return store.lock ? store.lock(key, work) : work(store);
  }

  async function obtain(previous: CachedToken | undefined, into: TokenStore = store): Promise<CachedToken> {
    let response: TokenResponse | undefined;
    if (previous?.refreshToken) {
      try {
        response = await endpoint({ grant_type: 'refresh_token', refresh_token: previous.refreshToken });
      } catch {
        // A refused or failed refresh is not fatal: the client credentials still identify us.
      }
    }
    response ??= await endpoint({ grant_type: 'client_credentials' });
    const obtainedAt = now();
    const token: CachedToken = {
      accessToken: response.access_token,
      refreshToken: response.refresh_token ?? undefined,
      expiresAt: obtainedAt + (response.expires_in ?? DEFAULT_EXPIRES_IN_SECONDS) * 1000,
      obtainedAt,
    };
    await into.set(key, token);
    return token;
  }

  return {
    async get() {
      const cached = await store.get(key);
      if (isFresh(cached)) return cached.accessToken;
      const token = await singleFlight(() =>
        exclusive(async (locked) => {
          // Another caller (or instance) may have stored a fresh token while we waited.
          const current = await locked.get(key);
          return isFresh(current) ? current : obtain(current ?? cached, locked);
        }),
      );
      return token.accessToken;
    },
    async renew(rejected) {
      // The refresh token came with the rejected access token and is as suspect (a revocation ends
      // both): the client credentials answer in one request, so a renewal costs one call.
      const token = await singleFlight(() =>
        exclusive(async (locked) => {
          const current = await locked.get(key);
          if (isFresh(current) && current.accessToken !== rejected) return current;
          return obtain(undefined, locked);
        }),
      );
      if (token.accessToken !== rejected) return token.accessToken;
      // We joined a flight that started before the rejection and handed back the rejected token.
      return (await singleFlight(() => exclusive((locked) => obtain(undefined, locked)))).accessToken;
    },
  };
}
