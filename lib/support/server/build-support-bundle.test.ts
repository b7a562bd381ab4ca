import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { countVehicleUpstreamErrors, KEPT_PER_VEHICLE, recordVehicleUpstreamError } from '@/lib/db/repos/vehicle-upstream-errors';
import { vehicleUpstreamErrors } from '@/lib/db/schema';
import { eq } from 'drizzle-orm';
import { createSandbox } from '@/lib/sandbox';
import { createVehicleApi, type FetchLike } from '@/lib/vehicle-api';
import { sendVehicleCommand } from '@/lib/commands/server/send-vehicle-command';
import { assembleSupportBundle } from './build-support-bundle';

function setup() {
  const sandbox = createSandbox({ seed: 11, vehiclesPerOrg: 12, commandDelayMs: 50 });
  const upstreamOrg = sandbox.organizations[0];
  const calls: string[] = [];
  const fetch: FetchLike = (input, init) => {
    calls.push(`${init.method ?? 'GET'} ${new URL(input).pathname}`);
    return sandbox.fetch(input, init);
  };
  const api = createVehicleApi({
    baseUrl: 'http://sandbox.local',
    clientId: upstreamOrg.clientId,
    clientSecret: upstreamOrg.clientSecret,
    fetch,
    retry: { baseDelayMs: 1 },
  });
  return { sandbox, upstreamOrg, api, calls, fixtures: sandbox.fixtures(upstreamOrg.id) };
}

describe('support bundle', () => {
  const t = useTestDatabase('pglite');

  async function org() {
    const o = await createOrganization(t.db, {
      slug: `b${Math.random().toString(36).slice(2, 8)}`,
      name: 'Org',
      apiBaseUrl: null,
      clientId: 'client-id',
      clientSecret: 'the-client-secret-value',
    });
    const user = await createUser(t.db, { email: `u${Math.random().toString(36).slice(2, 8)}@example.com` });
    await ensureMembership(t.db, o.id, user.id, 'manager');
    return { org: o, userId: user.id, email: user.email };
  }

  it('holds the vehicle, its account, telemetry, rate limits, commands and errors with their request ids, and no secret', async () => {
    const { api, calls, fixtures, upstreamOrg } = setup();
    const { org: o, userId, email } = await org();
    const vehicleId = fixtures.onlineListeningVehicleId;
    const { record } = await sendVehicleCommand(t.db, api, {
      organizationId: o.id,
      userId,
      vehicleId,
      command: 'SET_VEHICLE_NAME',
      args: { name: 'Private name' },
    });
    await recordVehicleUpstreamError(t.db, {
      organizationId: o.id,
      vehicleId,
      code: 'SERVER_ERROR',
      status: 502,
      endpoint: 'GET /v1/vehicles/{vehicleId}/telemetry',
      upstreamRequestId: 'req-upstream-err-1',
    });
    calls.length = 0;

    const bundle = await assembleSupportBundle(t.db, api, o, vehicleId, { executionId: record.id });

    expect(bundle.vehicle.ok && bundle.vehicle.data.id).toBe(vehicleId);
    expect(bundle.vehicle.requestId).toBeTruthy();
    expect(bundle.accountId).toMatch(/\S/);
    expect(fixtures.accountIds).toContain(bundle.accountId);
    expect(bundle.telemetry.ok).toBe(true);
    expect(bundle.telemetry.requestId).toBeTruthy();
    expect(bundle.rateLimits.ok && bundle.rateLimits.data.length).toBeGreaterThan(0);
    expect(bundle.commands).toHaveLength(1);
    expect(bundle.commands[0]).toMatchObject({ id: record.id, command: 'SET_VEHICLE_NAME', arguments: { name: '[redacted]' } });
    expect(bundle.commands[0]!.upstreamRequestId).toBe(record.upstreamRequestId);
    expect(bundle.execution?.id).toBe(record.id);
    expect(bundle.upstreamErrors).toEqual([
      expect.objectContaining({ code: 'SERVER_ERROR', status: 502, requestId: 'req-upstream-err-1' }),
    ]);
    expect(bundle.console.version).toMatch(/^\d+\.\d+\.\d+/);

    const text = JSON.stringify(bundle);
    for (const secret of ['the-client-secret-value', upstreamOrg.clientSecret, email, 'Private name']) expect(text).not.toContain(secret);
    // At most one fresh upstream read per section (vehicle, telemetry, rate limits), plus the token.
    expect(calls.filter((c) => !c.includes('/oauth2/'))).toHaveLength(3);
  });

  it('reports a section the upstream refused with its code and request id, and still builds the rest', async () => {
    const { api, sandbox, fixtures } = setup();
    const { org: o } = await org();
    sandbox.faults.inject({ kind: 'not_found', path: `/v1/vehicles/${fixtures.onlineListeningVehicleId}/telemetry`, times: 1 });
    const bundle = await assembleSupportBundle(t.db, api, o, fixtures.onlineListeningVehicleId);
    expect(bundle.telemetry).toMatchObject({ ok: false, error: { code: 'ENDPOINT_NOT_FOUND' } });
    expect(bundle.telemetry.requestId).toBeTruthy();
    expect(bundle.vehicle.ok).toBe(true);
  });

  it('keeps at most 20 upstream errors per vehicle, the newest', async () => {
    const { org: o } = await org();
    for (let i = 0; i < KEPT_PER_VEHICLE + 5; i++) {
      await recordVehicleUpstreamError(t.db, {
        organizationId: o.id,
        vehicleId: 'v-many',
        code: 'SERVER_ERROR',
        status: 500,
        endpoint: 'GET /x',
        upstreamRequestId: `r-${i}`,
      });
    }
    await recordVehicleUpstreamError(t.db, { organizationId: o.id, vehicleId: 'v-other', code: 'TIMEOUT', status: 0, endpoint: 'GET /x' });
    expect(await countVehicleUpstreamErrors(t.db, o.id, 'v-many')).toBe(KEPT_PER_VEHICLE);
    expect(await countVehicleUpstreamErrors(t.db, o.id, 'v-other')).toBe(1);
    const { api } = setup();
    const bundle = await assembleSupportBundle(t.db, api, o, 'v-many');
    expect(bundle.upstreamErrors[0]!.requestId).toBe(`r-${KEPT_PER_VEHICLE + 4}`);
    expect(bundle.upstreamErrors.at(-1)!.requestId).toBe('r-5');
  });

  it('keeps a bounded number of upstream errors per organization, however many vehicle ids a member makes up', async () => {
    // Any member (support included) can ask for /vehicles/<anything>/...: each made-up id's error is a new row.
    const { org: o } = await org();
    for (let i = 0; i < 12; i++) {
      await recordVehicleUpstreamError(
        t.db,
        { organizationId: o.id, vehicleId: `made-up-${i}`, code: 'RESOURCE_NOT_FOUND', status: 404, endpoint: 'GET /x' },
        { keptPerOrganization: 10 },
      );
    }
    const rows = await t.db
      .select({ vehicleId: vehicleUpstreamErrors.vehicleId })
      .from(vehicleUpstreamErrors)
      .where(eq(vehicleUpstreamErrors.organizationId, o.id));
    expect(rows).toHaveLength(10);
    // The newest are the ones kept.
    expect(rows.map((r) => r.vehicleId)).toContain('made-up-11');
    expect(rows.map((r) => r.vehicleId)).not.toContain('made-up-0');
  });
});
