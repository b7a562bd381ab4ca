import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { getEligibilityCheck } from '@/lib/db/repos/eligibility-checks';
import { createSandbox } from '@/lib/sandbox';
import { createVehicleApi, createMemoryTokenStore } from '@/lib/vehicle-api';
import { eligibilityResultRows } from '@/lib/eligibility/server/export-eligibility-results';
import { refreshCheck, refreshOpenChecks } from '@/lib/eligibility/server/refresh-check';
import { submitEligibilityCheck } from '@/lib/eligibility/server/submit-eligibility-check';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0008');

const vin = (n: number) => `WVWZZZ1JZ${String(n).padStart(8, '0')}`;

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`eligibility checks against the sandbox on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    let clock = Date.parse('2026-06-01T12:00:00Z');
    const sandbox = createSandbox({ vehiclesPerOrg: 20, now: () => clock });
    const org = sandbox.organizations[0];
    const api = createVehicleApi({
      baseUrl: 'http://sandbox.test',
      fetch: sandbox.fetch,
      clientId: org.clientId,
      clientSecret: org.clientSecret,
      tokenStore: createMemoryTokenStore(),
      logger: () => {},
    });

    it('keeps a submitted check, follows it to COMPLETED with its counts, then stops asking', async () => {
      const organizationId = (
        await createOrganization(t.db, { slug: 'elig', name: 'Elig', apiBaseUrl: null, clientId: 'c', clientSecret: 's' })
      ).id;
      const userId = (await createUser(t.db, { email: 'checker@example.com' })).id;
      const vins = [
        { vin: vin(1000), countryCode: 'DE', make: 'Mercedes-Benz' },
        ...Array.from({ length: 149 }, (_, i) => ({ vin: vin(i), countryCode: 'DE' })),
        { vin: vin(900), countryCode: 'ZW' },
      ];
      const sent = vi.spyOn(api, 'createEligibilityCheck');
      const { check } = await submitEligibilityCheck(t.db, api, { organizationId, userId, body: { vins, label: 'fleet.csv' } });
      expect(check).toMatchObject({ status: 'CREATED', vinCount: 151, label: 'fleet.csv', createdBy: userId });
      // The vendor takes only its upper-case spelling of a make.
      expect(sent.mock.calls[0][0][0]).toEqual({ vin: vin(1000), countryCode: 'DE', make: 'MERCEDES BENZ' });

      const spy = vi.spyOn(api, 'getEligibilityResults');
      // Within a second of the last write: no upstream call.
      expect((await refreshCheck(t.db, api, check)).status).toBe('CREATED');
      expect(spy).not.toHaveBeenCalled();

      clock += 1_500;
      const processing = await refreshCheck(t.db, api, check, check.updatedAt.getTime() + 2_000);
      expect(processing.status).toBe('PROCESSING');

      clock += 10_000;
      await refreshOpenChecks(t.db, api, organizationId, { now: Date.now() + 5_000 });
      const done = (await getEligibilityCheck(t.db, organizationId, check.id))!;
      expect(done.status).toBe('COMPLETED');
      // Derived from the results alone: the sandbox, like the vendor, has no status read for a check.
      expect((await sandbox.fetch(`http://sandbox.test/v1/vehicles/eligibility/${check.upstreamId}`)).status).toBe(404);
      expect(Object.values(done.counts).reduce((a, b) => a + b, 0)).toBe(151);
      expect(done.counts.INELIGIBLE).toBeGreaterThanOrEqual(1);
      // Every row not eligible is kept with its reason, for the onboarding page.
      const notEligible = Object.entries(done.counts).reduce((sum, [status, n]) => (status === 'ELIGIBLE' ? sum : sum + n), 0);
      expect(done.ineligible).toHaveLength(notEligible);
      expect(done.ineligible).toContainEqual({
        rowId: '151',
        vin: vin(900),
        status: 'INELIGIBLE',
        reason: 'Connected services are not offered in ZW',
      });

      spy.mockClear();
      await refreshCheck(t.db, api, done, Date.now() + 60_000);
      expect(spy).not.toHaveBeenCalled();

      const rows = [];
      for await (const row of eligibilityResultRows(api, check.upstreamId)) rows.push(row);
      expect(rows).toHaveLength(151);
      expect(rows.at(-1)).toEqual([151, vin(900), 'Volkswagen', 'INELIGIBLE', 'Connected services are not offered in ZW']);
    });
  });
}
