import 'server-only';
import { eq } from 'drizzle-orm';
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
  constructor(private readonly db: Db | (() => Db)) {}

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
      updatedAt: new Date(),
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
