import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { decryptSecret, encryptSecret } from '@/lib/crypto/secret-box';
import type { CachedToken, TokenStore } from '@/lib/vehicle-api/token-store';
import type { Db } from '@/lib/db/index';
import { apiTokens } from '@/lib/db/schema';

/** Sealed to the row's key: a token copied under another key does not decrypt. */
export const accessTokenContext = (key: string) => ({ table: 'api_tokens', column: 'access_token', row: key });
export const refreshTokenContext = (key: string) => ({ table: 'api_tokens', column: 'refresh_token', row: key });

/**
 * The API client's token cache in the database, so every server instance uses the same
 * organization token. Tokens are sealed with the secret box; a row that no longer decrypts
 * (its key left the ring) reads as a miss and the client fetches a new token.
 */
export class DbTokenStore implements TokenStore {
  readonly lock?: <T>(key: string, work: (store: TokenStore) => Promise<T>) => Promise<T>;

  /**
   * `lock` (on PostgreSQL, where instances share the database): token work for a key holds a
   * transaction-scoped advisory lock, and its reads and writes go through that transaction, so
   * the next holder sees the token the first one stored and no pooled connection is needed
   * meanwhile. A wait past `lockTimeoutMs` fails the lock (the client then goes on without it).
   */
  constructor(
    private readonly db: Db | (() => Db),
    options: { lock?: boolean | (() => boolean); lockTimeoutMs?: number } = {},
  ) {
    const { lock } = options;
    if (lock) {
      const timeout = `${options.lockTimeoutMs ?? 20_000}ms`;
      // A function is asked at each use, so building a client never opens the database.
      const locking = typeof lock === 'function' ? lock : () => true;
      this.lock = (key, work) =>
        locking()
          ? this.database.transaction(async (tx) => {
              await tx.execute(sql`select set_config('lock_timeout', ${timeout}, true)`);
              await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`motorpool.api-token:${key}`}, 0))`);
              return work(new DbTokenStore(tx as unknown as Db));
            })
          : work(this);
    }
  }

  private get database(): Db {
    return typeof this.db === 'function' ? this.db() : this.db;
  }

  async get(key: string): Promise<CachedToken | undefined> {
    const [row] = await this.database.select().from(apiTokens).where(eq(apiTokens.key, key)).limit(1);
    if (!row) return undefined;
    try {
      return {
        accessToken: decryptSecret(row.accessTokenEncrypted, accessTokenContext(key)),
        ...(row.refreshTokenEncrypted ? { refreshToken: decryptSecret(row.refreshTokenEncrypted, refreshTokenContext(key)) } : {}),
        expiresAt: row.expiresAt.getTime(),
        // Stored with the token, so its lifetime (and early-renewal margin) is known to every instance.
        obtainedAt: row.updatedAt.getTime(),
      };
    } catch {
      return undefined;
    }
  }

  async set(key: string, token: CachedToken): Promise<void> {
    const values = {
      accessTokenEncrypted: encryptSecret(token.accessToken, accessTokenContext(key)),
      refreshTokenEncrypted: token.refreshToken ? encryptSecret(token.refreshToken, refreshTokenContext(key)) : null,
      expiresAt: new Date(token.expiresAt),
      updatedAt: new Date(token.obtainedAt ?? Date.now()),
    };
    await this.database
      .insert(apiTokens)
      .values({ key, ...values })
      .onConflictDoUpdate({ target: apiTokens.key, set: values });
  }

  async delete(key: string): Promise<void> {
    await this.database.delete(apiTokens).where(eq(apiTokens.key, key));
  }
}
