import { describe, expect, it } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { createOrganization } from '@/lib/db/repos/organizations';
import { ownerFaceSchema } from '@/lib/connect/face-schemas';
import { MAX_LOGO_BYTES } from '@/lib/connect/logo-check';
import { getOwnerFaceSettings, ownerFaceOf, readLogo, updateOwnerFace } from './owner-face';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const TEXTS = {
  displayName: 'Acme Car Share',
  supportEmail: 'fleet@acme.example',
  supportPhone: '+49 30 1234567',
  privacyUrl: 'https://acme.example/privacy',
};
const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString('base64');

describe('the owner face form', () => {
  it('names the field of each refusal', () => {
    const issues = (input: Record<string, unknown>) => {
      const result = ownerFaceSchema.safeParse({ ...TEXTS, ...input });
      return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    };
    expect(issues({})).toEqual([]);
    expect(issues({ displayName: '', supportEmail: '', supportPhone: '', privacyUrl: '' })).toEqual([]);
    expect(issues({ privacyUrl: 'http://acme.example/privacy' })).toEqual([
      'privacyUrl: The privacy-notice address is a full https:// address, such as https://example.com/privacy.',
    ]);
    expect(issues({ privacyUrl: 'javascript:alert(1)' })).toHaveLength(1);
    expect(issues({ supportEmail: 'fleet@' })).toEqual([
      'supportEmail: The support e-mail is not a valid address, such as fleet@example.com.',
    ]);
    expect(issues({ supportPhone: 'call us' })).toHaveLength(1);
    expect(issues({ displayName: 'Acme\nBcc: x@evil.example' })).toEqual([
      'displayName: The display name is one line, without control characters.',
    ]);
    expect(issues({ logo: 'not base64!' })).toEqual(['logo: The logo must be sent as base64.']);
    expect(issues({ logo: 'A'.repeat(Math.ceil(MAX_LOGO_BYTES / 3) * 4 + 4) })).toHaveLength(1);
  });
});

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`the organization's face on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    async function newOrg(slug: string) {
      const org = await createOrganization(t.db, { slug, name: 'Acme Fleet', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      return { id: org.id, name: org.name };
    }

    it('shows the organization name alone until an admin sets a face, then the face and its logo', async () => {
      const org = await newOrg('face-set');
      expect(await ownerFaceOf(org, t.db)).toEqual({
        name: 'Acme Fleet',
        logoUrl: null,
        supportEmail: null,
        supportPhone: null,
        privacyUrl: null,
      });

      const saved = await updateOwnerFace(org, { ...TEXTS, logo: b64(PNG) }, t.db);
      expect(saved).toMatchObject({ ...TEXTS, organizationName: 'Acme Fleet' });
      expect(saved.logoUrl).toMatch(/^\/connect\/logo\/[0-9a-f-]{36}$/);
      expect(await ownerFaceOf(org, t.db)).toEqual({
        name: 'Acme Car Share',
        logoUrl: saved.logoUrl,
        supportEmail: TEXTS.supportEmail,
        supportPhone: TEXTS.supportPhone,
        privacyUrl: TEXTS.privacyUrl,
      });
      const logo = await readLogo(saved.logoUrl!.split('/').pop()!, t.db);
      expect(logo?.type).toBe('image/png');
      expect(logo?.bytes.equals(PNG)).toBe(true);

      // Texts saved without a logo keep it; null removes it, and its old address then serves nothing.
      expect((await updateOwnerFace(org, { ...TEXTS, displayName: '' }, t.db)).logoUrl).toBe(saved.logoUrl);
      expect((await ownerFaceOf(org, t.db)).name).toBe('Acme Fleet');
      expect((await updateOwnerFace(org, { ...TEXTS, logo: null }, t.db)).logoUrl).toBeNull();
      expect(await readLogo(saved.logoUrl!.split('/').pop()!, t.db)).toBeUndefined();
    });

    it('refuses a wrong type, an oversized file and an SVG with a script, and keeps the logo it had', async () => {
      const org = await newOrg('face-refuse');
      const kept = (await updateOwnerFace(org, { ...TEXTS, logo: b64(PNG) }, t.db)).logoUrl;
      const oversized = Buffer.alloc(MAX_LOGO_BYTES + 1);
      PNG.copy(oversized);
      for (const [bytes, message] of [
        [Buffer.from('GIF89a\u0001\u0000'), 'The logo must be a PNG, JPEG or WebP image.'],
        [oversized, 'The logo is larger than 256 KB. Upload a smaller image.'],
        [
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'),
          'SVG logos are not accepted, as they can carry scripts. Upload a PNG, JPEG or WebP image.',
        ],
      ] as const) {
        await expect(updateOwnerFace(org, { ...TEXTS, displayName: 'Changed', logo: b64(bytes) }, t.db)).rejects.toMatchObject({
          code: 'VALIDATION_FAILED',
          status: 400,
          body: { fields: [{ path: 'logo', message: message }] },
        });
      }
      expect(await getOwnerFaceSettings(org, t.db)).toMatchObject({ displayName: 'Acme Car Share', logoUrl: kept });
    });
  });
}
