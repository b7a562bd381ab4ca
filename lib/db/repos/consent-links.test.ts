import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '../test-legs.test-support';
import {
  createConsentLink,
  findConsentLinkForReturn,
  getConsentLink,
  listConsentLinks,
  listConsentLinksByAccount,
  settleConsentLink,
} from './consent-links';
import {
  createEligibilityCheck,
  findEligibilityCheckByUpstreamId,
  listEligibilityChecks,
  listOpenEligibilityChecks,
  updateEligibilityCheck,
} from './eligibility-checks';
import { uuidv7 } from '../ids';
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
      const base = {
        organizationId: orgId,
        createdBy: userId,
        scopes: ['vehicle:all'],
        makes: ['TESLA'],
        region: 'EUROPE',
        locale: 'en-GB',
      };
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
      expect(await getConsentLink(t.db, orgId, pending.id)).toMatchObject({
        status: 'PENDING',
        vin: 'WVWZZZ1JZXW000001',
        modelYear: 2024,
        scopes: ['vehicle:all'],
      });
      expect((await listConsentLinks(t.db, { organizationId: orgId })).map((l) => l.status)).toEqual(['PENDING', 'EXPIRED']);
      expect((await listConsentLinks(t.db, { organizationId: orgId, status: 'EXPIRED' })).map((l) => l.id)).toEqual([expired.id]);
      expect((await listConsentLinks(t.db, { organizationId: orgId, status: 'PENDING' })).map((l) => l.id)).toEqual([pending.id]);
    });

    it('settles a link once with the account id and finds it by account', async () => {
      const [pending] = await listConsentLinks(t.db, { organizationId: orgId, status: 'PENDING' });
      const settled = await settleConsentLink(t.db, orgId, pending.id, { status: 'COMPLETED', accountId: 'acc-42' });
      expect(settled).toMatchObject({ changed: true, link: { status: 'COMPLETED', accountId: 'acc-42' } });
      expect(settled?.link.completedAt).toBeInstanceOf(Date);
      const again = await settleConsentLink(t.db, orgId, pending.id, { status: 'FAILED', errorCode: 'X' });
      expect(again).toMatchObject({ changed: false, link: { status: 'COMPLETED', accountId: 'acc-42', errorCode: null } });
      expect((await listConsentLinksByAccount(t.db, orgId, 'acc-42')).map((l) => l.id)).toEqual([pending.id]);
      expect(await settleConsentLink(t.db, '00000000-0000-0000-0000-000000000000', pending.id, { status: 'FAILED' })).toBeUndefined();
    });

    it('keeps eligibility checks and their counts', async () => {
      const check = await createEligibilityCheck(t.db, {
        organizationId: orgId,
        createdBy: userId,
        upstreamId: 'elig-1',
        vinCount: 500,
        status: 'CREATED',
      });
      await createEligibilityCheck(t.db, {
        organizationId: orgId,
        createdBy: userId,
        upstreamId: 'elig-2',
        vinCount: 1,
        status: 'CREATED',
      });
      expect(check).toMatchObject({ status: 'CREATED', counts: {}, vinCount: 500 });
      const updated = await updateEligibilityCheck(t.db, orgId, check.id, {
        status: 'COMPLETED',
        counts: { ELIGIBLE: 480, INELIGIBLE: 20 },
      });
      expect(updated).toMatchObject({ status: 'COMPLETED', counts: { ELIGIBLE: 480, INELIGIBLE: 20 } });
      expect((await findEligibilityCheckByUpstreamId(t.db, orgId, 'elig-1'))?.id).toBe(check.id);
      expect((await listEligibilityChecks(t.db, orgId)).map((c) => c.upstreamId)).toEqual(['elig-2', 'elig-1']);
    });

    it('keeps a label, lists only open checks as open, and never moves a settled check backwards', async () => {
      const labelled = await createEligibilityCheck(t.db, {
        organizationId: orgId,
        createdBy: userId,
        upstreamId: 'elig-3',
        label: 'fleet.csv, part 1 of 2',
        vinCount: 3,
        status: 'PROCESSING',
      });
      expect(labelled.label).toBe('fleet.csv, part 1 of 2');
      expect((await listOpenEligibilityChecks(t.db, orgId)).map((c) => c.upstreamId)).toEqual(['elig-3', 'elig-2']);
      const settled = await updateEligibilityCheck(t.db, orgId, labelled.id, { status: 'FAILED' });
      expect(settled?.status).toBe('FAILED');
      const stale = await updateEligibilityCheck(t.db, orgId, labelled.id, { status: 'PROCESSING', counts: { PENDING: 3 } });
      expect(stale).toMatchObject({ status: 'FAILED', counts: {} });
      expect((await listOpenEligibilityChecks(t.db, orgId)).map((c) => c.upstreamId)).toEqual(['elig-2']);
      expect(
        await updateEligibilityCheck(t.db, '00000000-0000-0000-0000-000000000000', labelled.id, { status: 'COMPLETED' }),
      ).toBeUndefined();
    });

    it('creates a link under an id chosen beforehand and finds it with its organization for the landing page', async () => {
      const id = uuidv7();
      await createConsentLink(t.db, {
        id,
        organizationId: orgId,
        createdBy: userId,
        url: 'https://consent.example/3',
        scopes: ['vehicle:all'],
        expiresAt: new Date(Date.now() + HOUR),
      });
      const found = await findConsentLinkForReturn(t.db, id);
      expect(found?.link).toMatchObject({ id, status: 'PENDING', url: 'https://consent.example/3' });
      expect(found?.organization).toEqual({ id: orgId, slug: 'links', name: 'Links' });
      expect(Object.keys(found!.organization).sort()).toEqual(['id', 'name', 'slug']);
      expect(await findConsentLinkForReturn(t.db, uuidv7())).toBeUndefined();
    });
  });
}
