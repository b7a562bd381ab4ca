import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import { getCommandExecution } from '@/lib/db/repos/command-executions';
import { ensureMembership } from '@/lib/db/repos/memberships';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { createSandbox } from '@/lib/sandbox';
import { createVehicleApi, type FetchLike } from '@/lib/vehicle-api';
import { checkExecutionStatus } from '@/lib/commands/server/check-execution-status';
import { stateOf } from '@/lib/commands/execution-view';
import { commandHistory } from '@/lib/commands/server/list-command-history';
import { sendVehicleCommand } from '@/lib/commands/server/send-vehicle-command';

function setup(commandDelayMs = 200) {
  let clock = Date.parse('2026-11-01T10:00:00Z');
  const sandbox = createSandbox({ seed: 7, vehiclesPerOrg: 20, commandDelayMs, now: () => clock });
  const org = sandbox.organizations[0];
  const calls: string[] = [];
  const fetch: FetchLike = (input, init) => {
    calls.push(`${init.method ?? 'GET'} ${new URL(input).pathname}`);
    return sandbox.fetch(input, init);
  };
  const api = createVehicleApi({
    baseUrl: 'http://sandbox.local',
    clientId: org.clientId,
    clientSecret: org.clientSecret,
    fetch,
    retry: { baseDelayMs: 1 },
  });
  return { sandbox, api, calls, fixtures: sandbox.fixtures(org.id), advance: (ms: number) => (clock += ms) };
}

describe('commands', () => {
  const t = useTestDatabase('pglite');

  async function org() {
    const o = await createOrganization(t.db, {
      slug: `o${Math.random().toString(36).slice(2, 8)}`,
      name: 'Org',
      apiBaseUrl: null,
      clientId: 'c',
      clientSecret: 's',
    });
    const user = await createUser(t.db, { email: `u${Math.random().toString(36).slice(2, 8)}@example.com` });
    await ensureMembership(t.db, o.id, user.id, 'manager');
    return { orgId: o.id, userId: user.id, email: user.email };
  }

  it('records the command before and after the upstream call, with the upstream id and request id', async () => {
    const { api, fixtures } = setup();
    const { orgId, userId } = await org();
    const { record, requestId } = await sendVehicleCommand(t.db, api, {
      organizationId: orgId,
      userId,
      vehicleId: fixtures.onlineListeningVehicleId,
      command: 'SET_CHARGE_LIMIT',
      args: { limit: 80 },
    });
    expect(record.localStatus).toBe('SENT');
    expect(record.status).toBe('PENDING');
    expect(record.upstreamExecutionId).toMatch(/\S/);
    expect(record.upstreamRequestId).toBe(requestId);
    expect(record.arguments).toEqual({ limit: 80 });
  });

  it('follows a pending execution to EXECUTED, asking the upstream at most once a second for any number of viewers', async () => {
    const { api, fixtures, calls, advance } = setup(1500);
    const { orgId, userId } = await org();
    const { record } = await sendVehicleCommand(t.db, api, {
      organizationId: orgId,
      userId,
      vehicleId: fixtures.onlineListeningVehicleId,
      command: 'LOCK_DOORS',
    });
    const statusCalls = () => calls.filter((c) => c.includes('/command-executions/')).length;

    const now = Date.now();
    const views = await Promise.all(Array.from({ length: 50 }, () => checkExecutionStatus(t.db, api, record, now)));
    expect(views.every((v) => v.status === 'PENDING')).toBe(true);
    expect(statusCalls()).toBe(1);
    await Promise.all(Array.from({ length: 50 }, () => checkExecutionStatus(t.db, api, record, now + 500)));
    expect(statusCalls()).toBe(1);

    advance(2000);
    const settled = await checkExecutionStatus(t.db, api, record, now + 1500);
    expect(statusCalls()).toBe(2);
    expect(settled.status).toBe('EXECUTED');
    expect(stateOf(settled)).toBe('executed');
    // Settled: no more upstream calls.
    await checkExecutionStatus(t.db, api, settled, now + 5000);
    expect(statusCalls()).toBe(2);
  });

  it('holds the once-a-second limit for two clients with their own transports: the claim lives in the database, not in a client', async () => {
    const { api, fixtures, calls, sandbox } = setup(60_000);
    const { orgId, userId } = await org();
    const { record } = await sendVehicleCommand(t.db, api, {
      organizationId: orgId,
      userId,
      vehicleId: fixtures.onlineListeningVehicleId,
      command: 'FLASH_LIGHTS',
    });
    // A second instance: its own client and transport, the same database.
    const org0 = sandbox.organizations[0];
    const otherCalls: string[] = [];
    const other = createVehicleApi({
      baseUrl: 'http://sandbox.local',
      clientId: org0.clientId,
      clientSecret: org0.clientSecret,
      fetch: (input, init) => {
        otherCalls.push(new URL(input).pathname);
        return sandbox.fetch(input, init);
      },
    });
    const now = Date.now();
    await Promise.all([
      ...Array.from({ length: 10 }, () => checkExecutionStatus(t.db, api, record, now)),
      ...Array.from({ length: 10 }, () => checkExecutionStatus(t.db, other, record, now + 200)),
    ]);
    const statusCalls = [...calls, ...otherCalls].filter((c) => c.includes('/command-executions/'));
    expect(statusCalls).toHaveLength(1);
    await checkExecutionStatus(t.db, other, record, now + 1_000);
    expect([...calls, ...otherCalls].filter((c) => c.includes('/command-executions/'))).toHaveLength(2);
  });

  it('ends FAILED with the reason for an offline vehicle', async () => {
    const { api, fixtures, advance } = setup(100);
    const { orgId, userId } = await org();
    const { record } = await sendVehicleCommand(t.db, api, {
      organizationId: orgId,
      userId,
      vehicleId: fixtures.offlineVehicleId,
      command: 'HONK_HORN',
    });
    advance(500);
    const settled = await checkExecutionStatus(t.db, api, record, Date.now() + 10_000);
    expect(settled.status).toBe('FAILED');
    expect(settled.failedReason).toBe('OEM_VEHICLE_OFFLINE');
  });

  it('answers COMMAND_ALREADY_IN_PROGRESS with the execution already running, and records the refusal', async () => {
    const { api, fixtures } = setup(60_000);
    const { orgId, userId } = await org();
    const input = { organizationId: orgId, userId, vehicleId: fixtures.onlineListeningVehicleId, command: 'FLASH_LIGHTS' as const };
    const first = await sendVehicleCommand(t.db, api, input);
    const refusal = await sendVehicleCommand(t.db, api, input).catch((e: unknown) => e);
    expect(refusal).toMatchObject({
      code: 'COMMAND_ALREADY_IN_PROGRESS',
      status: 409,
      body: { details: { runningExecutionId: first.record.id } },
    });
    const history = await commandHistory(t.db, orgId, { limit: 10, vehicleId: fixtures.onlineListeningVehicleId });
    expect(history.executions.map((e) => e.state)).toEqual(['rejected', 'pending']);
    expect(history.executions[0].errorCode).toBe('COMMAND_ALREADY_IN_PROGRESS');
  });

  it('marks the outcome unknown when the call times out, and never retries the command', async () => {
    const { sandbox, fixtures } = setup();
    const org0 = sandbox.organizations[0];
    let posts = 0;
    const hanging: FetchLike = async (input, init) => {
      if (init.method === 'POST' && input.includes('command-execution:')) {
        posts += 1;
        return new Promise<Response>(() => {});
      }
      return sandbox.fetch(input, init);
    };
    const api = createVehicleApi({
      baseUrl: 'http://sandbox.local',
      clientId: org0.clientId,
      clientSecret: org0.clientSecret,
      fetch: hanging,
      timeoutMs: 50,
    });
    const { orgId, userId } = await org();
    const error = await sendVehicleCommand(t.db, api, {
      organizationId: orgId,
      userId,
      vehicleId: fixtures.onlineListeningVehicleId,
      command: 'UNLOCK_DOORS',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TIMEOUT' });
    expect(posts).toBe(1);
    const [view] = (await commandHistory(t.db, orgId, { limit: 1 })).executions;
    expect(view.state).toBe('unknown');
    expect((await getCommandExecution(t.db, orgId, view.id))?.localStatus).toBe('UNKNOWN');
  });

  it('filters the history by state, command and user email, and pages by cursor', async () => {
    const { api, fixtures } = setup(60_000);
    const { orgId, userId, email } = await org();
    for (const command of ['WAKE_UP', 'HONK_HORN', 'CLIMATE_ON'] as const) {
      await sendVehicleCommand(t.db, api, { organizationId: orgId, userId, vehicleId: fixtures.onlineListeningVehicleId, command });
    }
    expect((await commandHistory(t.db, orgId, { limit: 10, command: 'HONK_HORN' })).executions).toHaveLength(1);
    expect((await commandHistory(t.db, orgId, { limit: 10, user: email })).executions).toHaveLength(3);
    expect((await commandHistory(t.db, orgId, { limit: 10, user: 'nobody@example.com' })).executions).toHaveLength(0);
    expect((await commandHistory(t.db, orgId, { limit: 10, state: 'executed' })).executions).toHaveLength(0);
    const first = await commandHistory(t.db, orgId, { limit: 2 });
    expect(first.executions.map((e) => e.command)).toEqual(['CLIMATE_ON', 'HONK_HORN']);
    const second = await commandHistory(t.db, orgId, { limit: 2, before: first.nextCursor! });
    expect(second.executions.map((e) => e.command)).toEqual(['WAKE_UP']);
    expect(second.nextCursor).toBeNull();
  });
});
