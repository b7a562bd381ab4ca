import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { SecretBoxError } from '@/lib/crypto/secret-box';
import { organizations } from '../schema';
import { databaseLegs, useTestDatabase } from '../test-legs.test-support';
import { createOrganization, getOrganizationBySlug, getOrganizationCredentials, updateOrganizationCredentials } from './organizations';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0002');

const SECRET = 'cs_live_9f8e7d6c5b4a39281706';

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`organizations on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('stores the client secret encrypted and decrypts it for the server', async () => {
      const org = await createOrganization(t.db, {
        slug: 'acme',
        name: 'Acme',
        apiBaseUrl: null,
        clientId: 'client-1',
        clientSecret: SECRET,
      });
      expect(org).not.toHaveProperty('clientSecretEncrypted');
      const [raw] = await t.db.select().from(organizations).where(eq(organizations.id, org.id));
      expect(raw.clientSecretEncrypted).not.toContain(SECRET);
      expect(raw.clientSecretEncrypted).toMatch(/^v2\.auth\./);
      expect(await getOrganizationCredentials(t.db, org.id)).toEqual({ apiBaseUrl: null, clientId: 'client-1', clientSecret: SECRET });
    });

    it('refuses a taken slug', async () => {
      await expect(
        createOrganization(t.db, { slug: 'acme', name: 'Other', apiBaseUrl: null, clientId: 'c', clientSecret: 's' }),
      ).rejects.toMatchObject({ code: 'SLUG_TAKEN' });
    });

    it('updates credentials and keeps the stored secret when none is given', async () => {
      const org = (await getOrganizationBySlug(t.db, 'acme'))!;
      await updateOrganizationCredentials(t.db, org.id, { apiBaseUrl: 'https://api.example.com', clientId: 'client-2' });
      expect(await getOrganizationCredentials(t.db, org.id)).toEqual({
        apiBaseUrl: 'https://api.example.com',
        clientId: 'client-2',
        clientSecret: SECRET,
      });
      await updateOrganizationCredentials(t.db, org.id, { apiBaseUrl: null, clientId: 'client-3', clientSecret: 'rotated-secret' });
      expect((await getOrganizationCredentials(t.db, org.id))?.clientSecret).toBe('rotated-secret');
    });

    it("refuses a sealed secret copied into another organization's row", async () => {
      const acme = (await getOrganizationBySlug(t.db, 'acme'))!;
      const other = await createOrganization(t.db, {
        slug: 'other',
        name: 'Other',
        apiBaseUrl: null,
        clientId: 'c',
        clientSecret: 'other-secret',
      });
      const [source] = await t.db.select().from(organizations).where(eq(organizations.id, acme.id));
      await t.db.update(organizations).set({ clientSecretEncrypted: source.clientSecretEncrypted }).where(eq(organizations.id, other.id));
      await expect(getOrganizationCredentials(t.db, other.id)).rejects.toThrow(SecretBoxError);
      expect((await getOrganizationCredentials(t.db, acme.id))?.clientSecret).toBe('rotated-secret');
    });

    it('answers undefined for an unknown slug', async () => {
      expect(await getOrganizationBySlug(t.db, 'nope')).toBeUndefined();
    });
  });
}
