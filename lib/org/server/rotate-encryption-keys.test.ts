import { createCipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createSecretBox, deriveKeyFromSecret, secretBox } from '@/lib/crypto/secret-box';
import {
  clientSecretContext,
  createOrganization,
  getOrganizationCredentials,
  setWebhookSecret,
  webhookSecretContext,
} from '@/lib/db/repos/organizations';
import {
  endpointPreviousSecretContext,
  endpointSecretContext,
  insertWebhookEndpoint,
  rotateWebhookEndpointSecretRow,
} from '@/lib/db/repos/notifications/webhooks';
import { getTotpCredential, savePendingTotp, totpSecretContext } from '@/lib/db/repos/second-factors';
import { createUser } from '@/lib/db/repos/users';
import { apiTokens, organizations, totpCredentials, webhookEndpoints } from '@/lib/db/schema';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { accessTokenContext, DbTokenStore, refreshTokenContext } from '@/lib/org/db-token-store';
import { rotateEncryptionKeys } from './rotate-encryption-keys';

const AUTH_SECRET = 'test-secret-test-secret-test-secret-0031';
vi.stubEnv('AUTH_SECRET', AUTH_SECRET);

const NEW_KEY = { id: '2026-11', key: randomBytes(32) };

function sealV1(plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKeyFromSecret(AUTH_SECRET), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`key rotation on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('re-seals client secrets and cached tokens under the newest key; the old key is then not needed', async () => {
      // Before the ring: sealed under the key derived from AUTH_SECRET (one of them in the first format).
      const acme = await createOrganization(t.db, {
        slug: 'acme',
        name: 'Acme',
        apiBaseUrl: null,
        clientId: 'a',
        clientSecret: 'acme-secret',
      });
      const globex = await createOrganization(t.db, { slug: 'globex', name: 'Globex', apiBaseUrl: null, clientId: 'g', clientSecret: 'x' });
      await t.db
        .update(organizations)
        .set({ clientSecretEncrypted: sealV1('globex-secret', 'organizations.client_secret') })
        .where(eq(organizations.id, globex.id));
      const broken = await createOrganization(t.db, { slug: 'broken', name: 'Broken', apiBaseUrl: null, clientId: 'b', clientSecret: 'x' });
      await t.db
        .update(organizations)
        .set({ clientSecretEncrypted: 'v2.gone.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAA' })
        .where(eq(organizations.id, broken.id));
      await setWebhookSecret(t.db, acme.id, 'whsec_YWNtZS13ZWJob29rLXNlY3JldA==');
      await new DbTokenStore(t.db).set('org:acme', { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: 5 });
      await t.db
        .insert(apiTokens)
        .values({ key: 'org:stale', accessTokenEncrypted: 'v1.AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA', expiresAt: new Date() });
      const person = await createUser(t.db, { email: 'totp-rotation@example.com' });
      await savePendingTotp(t.db, person.id, 'JBSWY3DPEHPK3PXP');
      // An outbound endpoint whose secret was rotated: the previous one, in its overlap, is sealed too.
      const endpointId = '0190a3c4-0000-7000-8000-0000000000e1';
      await insertWebhookEndpoint(t.db, acme.id, {
        id: endpointId,
        url: 'https://hooks.example/in',
        description: '',
        secret: 'whsec_b2xk',
      });
      await rotateWebhookEndpointSecretRow(t.db, acme.id, endpointId, 'whsec_bmV3', new Date(Date.now() + 3_600_000));
      expect(secretBox().currentKeyId).toBe('auth');

      const ring = createSecretBox({ keys: [NEW_KEY], authSecret: AUTH_SECRET });
      const report = await rotateEncryptionKeys(t.db, ring);
      expect(report).toEqual({
        keyId: '2026-11',
        organizations: { resealed: 2, current: 0, failed: ['broken'] },
        webhookSecrets: { resealed: 1, current: 0, failed: [] },
        endpointSecrets: { resealed: 1, current: 0, failed: [] },
        tokens: { resealed: 1, current: 0, dropped: 1 },
        totpSecrets: { resealed: 1, current: 0, failed: [] },
      });

      // Only the new key now: the auth secret can change without losing anything.
      const onlyNew = createSecretBox({ keys: [NEW_KEY] });
      const rows = await t.db.select().from(organizations);
      const byId = new Map(rows.map((row) => [row.id, row.clientSecretEncrypted]));
      expect(byId.get(acme.id)).toMatch(/^v2\.2026-11\./);
      expect(onlyNew.decrypt(byId.get(acme.id)!, clientSecretContext(acme.id))).toBe('acme-secret');
      expect(onlyNew.decrypt(byId.get(globex.id)!, clientSecretContext(globex.id))).toBe('globex-secret');
      const acmeWebhook = rows.find((row) => row.id === acme.id)!.webhookSecretEncrypted!;
      expect(onlyNew.decrypt(acmeWebhook, webhookSecretContext(acme.id))).toBe('whsec_YWNtZS13ZWJob29rLXNlY3JldA==');
      const [endpoint] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
      expect(onlyNew.decrypt(endpoint.secretEncrypted, endpointSecretContext(endpointId))).toBe('whsec_bmV3');
      expect(onlyNew.decrypt(endpoint.previousSecretEncrypted!, endpointPreviousSecretContext(endpointId))).toBe('whsec_b2xk');
      const tokens = await t.db.select().from(apiTokens);
      expect(tokens.map((row) => row.key)).toEqual(['org:acme']);
      expect(onlyNew.decrypt(tokens[0].accessTokenEncrypted, accessTokenContext('org:acme'))).toBe('access-1');
      expect(onlyNew.decrypt(tokens[0].refreshTokenEncrypted!, refreshTokenContext('org:acme'))).toBe('refresh-1');
      const [totp] = await t.db.select().from(totpCredentials).where(eq(totpCredentials.userId, person.id));
      expect(onlyNew.decrypt(totp.secretEncrypted, totpSecretContext(person.id))).toBe('JBSWY3DPEHPK3PXP');
      await expect(getTotpCredential(t.db, person.id)).rejects.toThrow(/not in the key ring/);

      // Idempotent: a second run finds everything current.
      expect(await rotateEncryptionKeys(t.db, ring)).toMatchObject({
        organizations: { resealed: 0, current: 2 },
        webhookSecrets: { resealed: 0, current: 1 },
        endpointSecrets: { resealed: 0, current: 1 },
        tokens: { resealed: 0, current: 1 },
        totpSecrets: { resealed: 0, current: 1 },
      });
      // The process's own box (derived key only) no longer opens what the ring sealed.
      await expect(getOrganizationCredentials(t.db, acme.id)).rejects.toThrow(/not in the key ring/);
    });
  });
}
