import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '../test-legs';
import { createConsentLink, getConsentLink, listConsentLinks, listConsentLinksByAccount, settleConsentLink } from './consent-links';
import { createEligibilityCheck, findEligibilityCheckByUpstreamId, listEligibilityChecks, updateEligibilityCheck } from './eligibility-checks';
import { createOrganization } from './organizations';
import { createUser } from './users';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0006');

const HOUR = 3_600_000;

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`consent links and eligibility checks on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    let orgId = '';
    let userId = '';

    it('keeps links and derives EXPIRED for a pending link past its expiry', async () => {
      orgId = (await createOrganization(t.db, { slug: 'links', name: 'Links', apiBaseUrl: null, clientId: 'c', clientSecret: 's' })).id;
      userId = (await createUser(t.db, { email: 'linker@example.com' })).id;
      const base = { organizationId: orgId, createdBy: userId, scopes: ['vehicle:all'], makes: ['TESLA'], region: 'EUROPE', locale: 'en-GB' };
      const expired = await createConsentLink(t.db, { ...base, url: 'https://consent.example/1', expiresAt: new Date(Date.now() - 1000) });
      const pending = await createConsentLink(t.db, {
        ...base,
        url: 'https://consent.example/2',
        vin: 'WVWZZZ1JZXW000001',
        model: 'ID.3',
        modelYear: 2024,
        expiresAt: new Date(Date.now() + HOUR),
      });
      expect(expired.status).toBe('PENDING');
      expect((await getConsentLink(t.db, orgId, expired.id))?.status).toBe('EXPIRED');
      expect(await getConsentLink(t.db, orgId, pending.id)).toMatchObject({ status: 'PENDING', vin: 'WVWZZZ1JZXW000001', modelYear: 2024, scopes: ['vehicle:all'] });
      expect((await listConsentLinks(t.db, { organizationId: orgId })).map((l) => l.status)).toEqual(['PENDING', 'EXPIRED']);
      expect((await listConsentLinks(t.db, { organizationId: orgId, status: 'EXPIRED' })).map((l) => l.id)).toEqual([expired.id]);
      expect((await listConsentLinks(t.db, { organizationId: orgId, status: 'PENDING' })).map((l) => l.id)).toEqual([pending.id]);
    });

    it('settles a link once with the account id and finds it by account', async () => {
      const [pending] = await listConsentLinks(t.db, { organizationId: orgId, status: 'PENDING' });
      const settled = await settleConsentLink(t.db, orgId, pending.id, { status: 'COMPLETED', accountId: 'acc-42' });
      expect(settled).toMatchObject({ status: 'COMPLETED', accountId: 'acc-42' });
      expect(settled?.completedAt).toBeInstanceOf(Date);
      const again = await settleConsentLink(t.db, orgId, pending.id, { status: 'FAILED', errorCode: 'X' });
      expect(again).toMatchObject({ status: 'COMPLETED', accountId: 'acc-42' });
      expect((await listConsentLinksByAccount(t.db, orgId, 'acc-42')).map((l) => l.id)).toEqual([pending.id]);
      expect(await settleConsentLink(t.db, '00000000-0000-0000-0000-000000000000', pending.id, { status: 'FAILED' })).toBeUndefined();
    });

    it('keeps eligibility checks and their counts', async () => {
      const check = await createEligibilityCheck(t.db, { organizationId: orgId, createdBy: userId, upstreamId: 'elig-1', vinCount: 500, status: 'CREATED' });
      await createEligibilityCheck(t.db, { organizationId: orgId, createdBy: userId, upstreamId: 'elig-2', vinCount: 1, status: 'CREATED' });
      expect(check).toMatchObject({ status: 'CREATED', counts: {}, vinCount: 500 });
      const updated = await updateEligibilityCheck(t.db, orgId, check.id, { status: 'COMPLETED', counts: { ELIGIBLE: 480, INELIGIBLE: 20 } });
      expect(updated).toMatchObject({ status: 'COMPLETED', counts: { ELIGIBLE: 480, INELIGIBLE: 20 } });
      expect((await findEligibilityCheckByUpstreamId(t.db, orgId, 'elig-1'))?.id).toBe(check.id);
      expect((await listEligibilityChecks(t.db, orgId)).map((c) => c.upstreamId)).toEqual(['elig-2', 'elig-1']);
    });
  });
}
