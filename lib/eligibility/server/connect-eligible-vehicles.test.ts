import { describe, expect, it } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { claimCheckSending, releaseCheckSending } from '@/lib/db/repos/eligibility-checks';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { BULK_CONNECT_NOT_ENABLED } from '@/lib/eligibility/bulk-connect';
import { createSandbox } from '@/lib/sandbox';
import { BRANDS } from '@/lib/sandbox/catalog';
import { createRng } from '@/lib/sandbox/random';
import { generateVin } from '@/lib/sandbox/vin';
import type { FetchLike } from '@/lib/vehicle-api';
import { sandboxClient } from '@/lib/vehicle-api/sandbox-client.test-support';
import { connectEligibleVins, listCheckConnections, retryBulkConnectionRows } from './connect-eligible-vehicles';
import { refreshCheck } from './refresh-check';
import { submitEligibilityCheck } from './submit-eligibility-check';

function world() {
  let clock = Date.now();
  const sandbox = createSandbox({ seed: 19, vehiclesPerOrg: 12, now: () => clock });
  const org = sandbox.organizations[0];
  const connects: unknown[][] = [];
  const fetch: FetchLike = async (input, init) => {
    if (init.method === 'POST' && new URL(input).pathname === '/v1/vehicles/connect') connects.push(JSON.parse(String(init.body)).vehicles);
    return sandbox.fetch(input, init);
  };
  const { api } = sandboxClient(sandbox, { fetch });
  const admin = (path: string, body: unknown) =>
    sandbox.fetch(`http://sandbox.local${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
  return { sandbox, api, connects, admin, orgId: org.id, advance: (ms: number) => (clock += ms) };
}

function vins(count: number) {
  const rng = createRng(7);
  return Array.from({ length: count }, (_, i) => {
    const brand = BRANDS[i % BRANDS.length];
    return { vin: generateVin(rng, brand.wmis[0], 2023).replace(/[IOQ]/g, 'A'), countryCode: 'DE', make: brand.make };
  });
}

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`bulk VIN connection from an eligibility check, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    async function completedCheck(w: ReturnType<typeof world>, count: number) {
      const suffix = Math.random().toString(36).slice(2, 8);
      const org = await createOrganization(t.db, { slug: `b${suffix}`, name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      const user = await createUser(t.db, { email: `u${suffix}@example.com` });
      const { check } = await submitEligibilityCheck(t.db, w.api, { organizationId: org.id, userId: user.id, body: { vins: vins(count) } });
      w.advance(60_000);
      const done = await refreshCheck(t.db, w.api, check, check.updatedAt.getTime() + 2_000);
      expect(done.status).toBe('COMPLETED');
      return { check: done, organizationId: org.id, userId: user.id };
    }

    it('sends the eligible VINs in requests of at most 100, with their countries and vendor makes, once', async () => {
      const w = world();
      const { check, organizationId, userId } = await completedCheck(w, 220);
      const eligible = check.counts.ELIGIBLE;
      expect(eligible).toBeGreaterThan(100);
      const sent = await connectEligibleVins(t.db, w.api, { organizationId, userId, check });
      expect(sent.connections.map((c) => c.vinCount)).toEqual([100, eligible - 100]);
      expect(w.connects.map((batch) => batch.length)).toEqual([100, eligible - 100]);
      const first = w.connects[0][0] as { vin: string; countryCode: string; make: string };
      expect(first.countryCode).toBe('DE');
      expect(first.make).toMatch(/^[A-Z ]+$/);
      await expect(connectEligibleVins(t.db, w.api, { organizationId, userId, check })).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(w.connects).toHaveLength(2);
    });

    it('sends once when two presses arrive together', async () => {
      const w = world();
      const { check, organizationId, userId } = await completedCheck(w, 30);
      const outcomes = await Promise.allSettled([
        connectEligibleVins(t.db, w.api, { organizationId, userId, check }),
        connectEligibleVins(t.db, w.api, { organizationId, userId, check }),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(w.connects).toHaveLength(1);
    });

    it('refuses a press while another instance is sending the check, and takes over a claim its instance left', async () => {
      const w = world();
      const { check, organizationId, userId } = await completedCheck(w, 30);
      // Another instance claimed the check a moment ago and is sending (its claim is in the database, not in this process).
      const heldSince = new Date();
      expect(await claimCheckSending(t.db, organizationId, check.id, heldSince, 5 * 60_000)).toBe(true);
      await expect(connectEligibleVins(t.db, w.api, { organizationId, userId, check })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: expect.stringMatching(/being sent for connection now/),
      });
      expect(w.connects).toHaveLength(0);

      // Had that instance died mid-send ten minutes ago, its claim would have run out, and a press sends.
      await releaseCheckSending(t.db, organizationId, check.id, new Date(Date.now() + 1)); // not its claim: stays
      await expect(connectEligibleVins(t.db, w.api, { organizationId, userId, check })).rejects.toThrow(/being sent/);
      await releaseCheckSending(t.db, organizationId, check.id, heldSince);
      expect(await claimCheckSending(t.db, organizationId, check.id, new Date(Date.now() - 10 * 60_000), 5 * 60_000)).toBe(true);
      await connectEligibleVins(t.db, w.api, { organizationId, userId, check });
      expect(w.connects).toHaveLength(1);
      // The claim is released after the send: the next refusal is "already sent", not "being sent".
      await expect(connectEligibleVins(t.db, w.api, { organizationId, userId, check })).rejects.toThrow(/already sent/);
    });

    it('records each VIN’s outcome once the request settles, and retries the canRetry rows in one new request, once', async () => {
      const w = world();
      const { check, organizationId, userId } = await completedCheck(w, 40);
      const { connections } = await connectEligibleVins(t.db, w.api, { organizationId, userId, check });
      w.advance(60_000);
      const listed = await listCheckConnections(t.db, w.api, organizationId, check, Date.now() + 2_000);
      const settled = listed.connections[0];
      expect(settled.status).toBe('COMPLETED');
      expect(settled.results).toHaveLength(connections[0].vinCount);
      expect(Object.values(settled.counts).reduce((a, b) => a + b, 0)).toBe(connections[0].vinCount);
      expect(settled.retryable).toBeGreaterThan(0);

      const retried = await retryBulkConnectionRows(t.db, w.api, {
        organizationId,
        userId,
        connectionId: settled.id,
        eligibilityCheckId: check.id,
      });
      expect(retried.connections).toHaveLength(1);
      expect(retried.connections[0]).toMatchObject({ retryOf: settled.id, vinCount: settled.retryable, eligibilityCheckId: check.id });
      await expect(
        retryBulkConnectionRows(t.db, w.api, { organizationId, userId, connectionId: settled.id, eligibilityCheckId: check.id }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(w.connects).toHaveLength(2);
    });

    it('retries once when two presses of "retry" arrive together', async () => {
      const w = world();
      const { check, organizationId, userId } = await completedCheck(w, 40);
      await connectEligibleVins(t.db, w.api, { organizationId, userId, check });
      w.advance(60_000);
      const [settled] = (await listCheckConnections(t.db, w.api, organizationId, check, Date.now() + 2_000)).connections;
      expect(settled.retryable).toBeGreaterThan(0);
      const retry = () =>
        retryBulkConnectionRows(t.db, w.api, { organizationId, userId, connectionId: settled.id, eligibilityCheckId: check.id });
      const outcomes = await Promise.allSettled([retry(), retry()]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(w.connects).toHaveLength(2);
    });

    it('explains a refusal as "not enabled for your organization" and records nothing', async () => {
      const w = world();
      const { check, organizationId, userId } = await completedCheck(w, 10);
      await w.admin('/_admin/bulk-connect', { organizationId: w.orgId, enabled: false });
      const refused = connectEligibleVins(t.db, w.api, { organizationId, userId, check });
      await expect(refused).rejects.toMatchObject({ code: BULK_CONNECT_NOT_ENABLED, status: 403 });
      await expect(refused).rejects.toThrow(/not enabled for your organization/);
      expect((await listCheckConnections(t.db, w.api, organizationId, check)).connections).toEqual([]);
    });
  });
}
