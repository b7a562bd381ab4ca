import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '../test-legs.test-support';
import { connectingLinkOf, consentRefusalsOf, rememberedAccounts } from './account-consent';
import { appendAuditEvent } from './audit';
import { createConsentLink, getConsentLink, settleConsentLink } from './consent-links';
import { createOrganization } from './organizations';
import { recordVehicleUpstreamError } from './vehicle-upstream-errors';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0030');

const HOUR = 3_600_000;

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`the link that connected an account on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('records which link produced which account, and what a reconnection renews', async () => {
      const org = await createOrganization(t.db, { slug: 'acc-consent', name: 'A', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      const base = {
        organizationId: org.id,
        createdBy: null,
        url: 'https://consent.example/x',
        scopes: ['vehicle:telemetry'],
        makes: ['KIA'],
        region: 'NORTH_AMERICA',
        locale: 'de-DE',
        expiresAt: new Date(Date.now() + HOUR),
      };
      expect(await connectingLinkOf(t.db, org.id, 'acc_1')).toBeUndefined();

      const first = await createConsentLink(t.db, base);
      await settleConsentLink(t.db, org.id, first.id, { status: 'COMPLETED', accountId: 'acc_1' });
      expect(await connectingLinkOf(t.db, org.id, 'acc_1')).toMatchObject({ id: first.id, scopes: ['vehicle:telemetry'], locale: 'de-DE' });

      // A refused reconnection does not replace the link that connected the account.
      const refused = await createConsentLink(t.db, { ...base, reconnectsAccountId: 'acc_1' });
      await settleConsentLink(t.db, org.id, refused.id, { status: 'FAILED', errorCode: 'ACCESS_DENIED' });
      expect((await connectingLinkOf(t.db, org.id, 'acc_1'))?.id).toBe(first.id);

      // A completed one does, for the account it produced; the row remembers which account it renewed.
      const renewed = await createConsentLink(t.db, {
        ...base,
        scopes: ['vehicle:telemetry', 'vehicle:commands'],
        reconnectsAccountId: 'acc_1',
      });
      await settleConsentLink(t.db, org.id, renewed.id, { status: 'COMPLETED', accountId: 'acc_2' });
      expect(await getConsentLink(t.db, org.id, renewed.id)).toMatchObject({ accountId: 'acc_2', reconnectsAccountId: 'acc_1' });
      expect((await connectingLinkOf(t.db, org.id, 'acc_2'))?.id).toBe(renewed.id);
      expect(await connectingLinkOf(t.db, org.id, 'acc_2')).toMatchObject({ scopes: ['vehicle:telemetry', 'vehicle:commands'] });

      // Accounts disconnected from the console are remembered with their brands, merged with the linked ones.
      await appendAuditEvent(t.db, {
        organizationId: org.id,
        actorUserId: null,
        actorEmail: 'admin@example.com',
        action: 'accounts.disconnected',
        targetType: 'account',
        targetId: 'acc_0',
        outcome: 'success',
        details: { makes: ['TESLA'] },
        ip: null,
      });
      const remembered = await rememberedAccounts(t.db, org.id, 10);
      expect(remembered.map((a) => a.accountId).sort()).toEqual(['acc_0', 'acc_1', 'acc_2']);
      expect(remembered.find((a) => a.accountId === 'acc_0')).toMatchObject({ makes: ['TESLA'], disconnectedAt: expect.any(Date) });
      expect(remembered.find((a) => a.accountId === 'acc_2')).toMatchObject({ disconnectedAt: null });
    });

    it('finds the consent-scope refusals of the account’s vehicles since its link completed', async () => {
      const org = await createOrganization(t.db, { slug: 'acc-refusals', name: 'B', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 10, minutes));
      const error = (vehicleId: string, code: string, endpoint: string, minutes: number) =>
        recordVehicleUpstreamError(t.db, { organizationId: org.id, vehicleId, code, status: 401, endpoint, occurredAt: at(minutes) });
      await error('veh_1', 'CONSENT_MISSING', 'GET /v1/vehicles/{vehicleId}/telemetry', 5);
      await error('veh_1', 'CONSENT_MISSING', 'GET /v1/vehicles/{vehicleId}/specifications', 20);
      await error('veh_1', 'AUTHENTICATION_ERROR', 'GET /v1/vehicles/{vehicleId}/journeys', 25);
      await error('veh_9', 'CONSENT_MISSING', 'GET /v1/vehicles/{vehicleId}/command-executions', 30);
      const found = await consentRefusalsOf(t.db, org.id, ['veh_1', 'veh_2'], at(10));
      expect(found.map((f) => f.endpoint)).toEqual(['GET /v1/vehicles/{vehicleId}/specifications']);
      expect(await consentRefusalsOf(t.db, org.id, ['veh_1'], null)).toHaveLength(2);
      expect(await consentRefusalsOf(t.db, org.id, [], null)).toEqual([]);
    });
  });
}
