import { describe, expect, it, vi } from 'vitest';
import { apiTokens } from '@/lib/db/schema';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { DbTokenStore } from '@/lib/org/db-token-store';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0008');

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`token store on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('round-trips tokens, encrypted at rest', async () => {
      const store = new DbTokenStore(() => t.db);
      const expiresAt = Date.UTC(2026, 10, 22, 13, 0, 0, 250);
      expect(await store.get('org-1')).toBeUndefined();
      const obtainedAt = expiresAt - 45_000;
      await store.set('org-1', { accessToken: 'access-abc123', refreshToken: 'refresh-xyz789', expiresAt, obtainedAt });
      // The issue time comes back too: every instance knows the token's lifetime (its renewal margin).
      expect(await store.get('org-1')).toEqual({ accessToken: 'access-abc123', refreshToken: 'refresh-xyz789', expiresAt, obtainedAt });
      const [raw] = await t.db.select().from(apiTokens);
      expect(raw.accessTokenEncrypted).not.toContain('access-abc123');
      expect(raw.refreshTokenEncrypted).not.toContain('refresh-xyz789');
    });

    it('overwrites, stores no refresh token when there is none, and deletes', async () => {
      const store = new DbTokenStore(t.db);
      await store.set('org-1', { accessToken: 'second', expiresAt: 1, obtainedAt: 0 });
      expect(await store.get('org-1')).toEqual({ accessToken: 'second', expiresAt: 1, obtainedAt: 0 });
      await store.delete('org-1');
      expect(await store.get('org-1')).toBeUndefined();
    });

    it('reads a row sealed under another secret as a miss', async () => {
      const store = new DbTokenStore(t.db);
      await t.db
        .insert(apiTokens)
        .values({ key: 'foreign', accessTokenEncrypted: 'v1.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA', expiresAt: new Date() });
      expect(await store.get('foreign')).toBeUndefined();
    });
  });
}
