import { describe, expect, it, vi } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { claimStatusCheck, getCommandExecution, recordCommandRequested } from '@/lib/db/repos/command-executions';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createUser } from '@/lib/db/repos/users';
import { createSandbox } from '@/lib/sandbox';
import { createVehicleApi, type FetchLike, type VehicleApi } from '@/lib/vehicle-api';
import { stateOf } from '@/lib/commands/execution-view';
import { commandHistory } from './list-command-history';
import { confirmCommandEffects } from './confirm-command-effects';
import { sendVehicleCommand } from './send-vehicle-command';
import { checkExecutionStatus, STATUS_CHECK_INTERVAL_MS } from './check-execution-status';
import { settleCommands } from './settle-commands';
import { syncVehicleExecutions } from './sync-vehicle-executions';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0013');

/** A sandbox on its own clock, and clients that count what they ask it ("instances" each with their own transport). */
function world(commandDelayMs = 1_000) {
  let clock = Date.now();
  const sandbox = createSandbox({ seed: 13, vehiclesPerOrg: 20, commandDelayMs, now: () => clock });
  const org = sandbox.organizations[0];
  const calls: string[] = [];
  /** `delay` holds a request back before it reaches the sandbox: a slow upstream. */
  const client = (log = calls, delay?: (path: string) => Promise<void>): VehicleApi => {
    const fetch: FetchLike = async (input, init) => {
      const path = new URL(input).pathname;
      log.push(`${init.method ?? 'GET'} ${path}`);
      await delay?.(path);
      return sandbox.fetch(input, init);
    };
    return createVehicleApi({
      baseUrl: 'http://sandbox.local',
      clientId: org.clientId,
      clientSecret: org.clientSecret,
      fetch,
      retry: { baseDelayMs: 1 },
      logger: () => {},
    });
  };
  return { sandbox, calls, client, fixtures: sandbox.fixtures(org.id), advance: (ms: number) => (clock += ms) };
}

const INTERRUPTED_AFTER_MS = 60_000;

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`settling commands nobody watches, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    async function member() {
      const suffix = Math.random().toString(36).slice(2, 8);
      const org = await createOrganization(t.db, { slug: `o${suffix}`, name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      const user = await createUser(t.db, { email: `u${suffix}@example.com` });
      return { organizationId: org.id, userId: user.id };
    }
    /** The settler as one instance runs it; records of other tests' organizations get no client. */
    const settle = (api: VehicleApi, now: number, organizationId: string) =>
      settleCommands(t.db, async (id) => (id === organizationId ? api : undefined), new Date(now), {
        interruptedAfterMs: INTERRUPTED_AFTER_MS,
      });

    it('lets exactly one of many concurrent claimers ask about an execution per second (the database decides, across connections)', async () => {
      const m = await member();
      const record = await recordCommandRequested(t.db, { ...m, requestedBy: m.userId, vehicleId: 'veh-1', command: 'LOCK_DOORS' });
      const now = Date.now();
      const first = await Promise.all(Array.from({ length: 20 }, () => claimStatusCheck(t.db, record.id, new Date(now), 1_000)));
      expect(first.filter(Boolean)).toHaveLength(1);
      const tooSoon = await Promise.all(Array.from({ length: 20 }, () => claimStatusCheck(t.db, record.id, new Date(now + 900), 1_000)));
      expect(tooSoon.filter(Boolean)).toHaveLength(0);
      const next = await Promise.all(Array.from({ length: 20 }, () => claimStatusCheck(t.db, record.id, new Date(now + 1_000), 1_000)));
      expect(next.filter(Boolean)).toHaveLength(1);
    });

    it('settles a pending command no browser watches, and two settlers on two instances ask about it once a second', async () => {
      const w = world();
      const one = w.client();
      const otherCalls: string[] = [];
      const other = w.client(otherCalls);
      const m = await member();
      const { record } = await sendVehicleCommand(t.db, one, {
        ...m,
        vehicleId: w.fixtures.onlineListeningVehicleId,
        command: 'FLASH_LIGHTS',
      });
      const now = Date.now();
      await Promise.all([
        settle(one, now, m.organizationId),
        settle(other, now + 100, m.organizationId),
        settle(one, now + 200, m.organizationId),
        settle(other, now + 300, m.organizationId),
      ]);
      const statusCalls = () => [...w.calls, ...otherCalls].filter((c) => c.includes('/command-executions/')).length;
      expect(statusCalls()).toBe(1);
      expect((await getCommandExecution(t.db, m.organizationId, record.id))?.status).toBe('PENDING');

      w.advance(1_500);
      // Any of the four may have won the first claim (the last at now + 300, stamped later still by as
      // long as its tick ran on a loaded machine): well over a second later for all of them.
      await Promise.all([settle(one, now + 2_400, m.organizationId), settle(other, now + 2_450, m.organizationId)]);
      expect(statusCalls()).toBe(2);
      const settled = (await getCommandExecution(t.db, m.organizationId, record.id))!;
      expect(stateOf(settled)).toBe('executed');
      await settle(one, now + 5_000, m.organizationId);
      expect(statusCalls()).toBe(2);
    });

    it('stamps each claim with the time it is taken: a slow status call early in a tick does not let a watcher ask about the next execution within the second', async () => {
      const SLOW_MS = 600;
      let slowNext = false;
      const slowed: string[] = [];
      const w = world(60_000);
      const api = w.client(w.calls, async (path) => {
        if (!slowNext || !path.includes('/command-executions/')) return;
        slowNext = false;
        slowed.push(path);
        await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      });
      const m = await member();
      const vehicleId = w.fixtures.onlineListeningVehicleId;
      const sent = await Promise.all(
        (['LOCK_DOORS', 'FLASH_LIGHTS'] as const).map(
          async (command) => (await sendVehicleCommand(t.db, api, { ...m, vehicleId, command })).record,
        ),
      );
      const statusCallsFor = (record: (typeof sent)[number]) =>
        w.calls.filter((c) => c.endsWith(`/command-executions/${record.upstreamExecutionId}`)).length;

      // One execution at a time: the first status call of the tick takes SLOW_MS, so the other execution is claimed that much later.
      slowNext = true;
      const tickStartedAt = Date.now();
      await settleCommands(t.db, async (id) => (id === m.organizationId ? api : undefined), new Date(tickStartedAt), {
        interruptedAfterMs: INTERRUPTED_AFTER_MS,
        concurrency: 1,
      });
      expect(slowed).toHaveLength(1);
      const later = sent.find((record) => !slowed[0].endsWith(`/${record.upstreamExecutionId}`))!;
      expect(statusCallsFor(later)).toBe(1);

      // A watcher a second after the tick started is less than a second after that claim was taken.
      await checkExecutionStatus(t.db, api, later, tickStartedAt + STATUS_CHECK_INTERVAL_MS);
      expect(statusCallsFor(later)).toBe(1);
      // A second after the tick ended is a second after the claim.
      await checkExecutionStatus(t.db, api, later, Date.now() + STATUS_CHECK_INTERVAL_MS);
      expect(statusCallsFor(later)).toBe(2);
    });

    it('ends a command still pending past the contract’s five minutes as timed out', async () => {
      const w = world(3_600_000);
      const api = w.client();
      const m = await member();
      const { record } = await sendVehicleCommand(t.db, api, {
        ...m,
        vehicleId: w.fixtures.onlineListeningVehicleId,
        command: 'HONK_HORN',
      });
      await settle(api, Date.now() + 60_000, m.organizationId);
      expect((await getCommandExecution(t.db, m.organizationId, record.id))?.status).toBe('PENDING');
      await settle(api, Date.now() + 6 * 60_000, m.organizationId);
      const ended = (await getCommandExecution(t.db, m.organizationId, record.id))!;
      expect(ended).toMatchObject({ status: 'FAILED', failedReason: 'OEM_COMMAND_TIMEOUT', errorCode: 'NO_OUTCOME_IN_TIME' });
    });

    it('recovers the outcome of a send whose answer was lost from the vehicle’s list, and never calls it refused', async () => {
      const w = world(500);
      const api = w.client();
      const m = await member();
      const vehicleId = w.fixtures.onlineListeningVehicleId;
      w.sandbox.faults.inject({ kind: 'server_error', after: true, times: 1, pathPrefix: '/v1/vehicles' });
      const lost = await sendVehicleCommand(t.db, api, { ...m, vehicleId, command: 'LOCK_DOORS' }).catch((e: unknown) => e);
      expect(lost).toMatchObject({ status: 500 });
      const [record] = (await commandHistory(t.db, m.organizationId, { limit: 1 })).executions;
      expect(record.state).toBe('unknown');
      expect(w.sandbox.stats().commands.created).toBe(1);

      w.advance(1_000);
      await settle(api, Date.now() + 3 * 60_000, m.organizationId);
      const recovered = (await getCommandExecution(t.db, m.organizationId, record.id))!;
      expect(recovered.localStatus).toBe('SENT');
      expect(recovered.upstreamExecutionId).toBe(w.sandbox.stats().commands.executions[0].id);
      expect(recovered.errorCode).toBe('SERVER_ERROR');
      expect(stateOf(recovered)).toBe('executed');
      expect(w.sandbox.stats().commands.repeated).toBe(0);
    });

    it('calls a send the service never received “not received” once its list reaches back past it, but only after two minutes', async () => {
      const w = world(500);
      const api = w.client();
      const m = await member();
      const vehicleId = w.fixtures.onlineListeningVehicleId;
      w.sandbox.faults.inject({ kind: 'server_error', times: 1, pathPrefix: '/v1/vehicles' });
      await sendVehicleCommand(t.db, api, { ...m, vehicleId, command: 'UNLOCK_DOORS' }).catch(() => undefined);
      const [view] = (await commandHistory(t.db, m.organizationId, { limit: 1 })).executions;
      expect(view.state).toBe('unknown');
      await settle(api, Date.now() + 10_000, m.organizationId);
      expect((await getCommandExecution(t.db, m.organizationId, view.id))?.localStatus).toBe('UNKNOWN');
      await settle(api, Date.now() + 3 * 60_000, m.organizationId);
      const ended = (await getCommandExecution(t.db, m.organizationId, view.id))!;
      expect(ended).toMatchObject({ localStatus: 'REJECTED', errorCode: 'NOT_RECEIVED' });
      expect(w.sandbox.stats().commands.created).toBe(0);
    });

    it('never calls an accepted command without an execution id refused, and recovers its id from the list', async () => {
      const w = world(500);
      const api = w.client();
      const m = await member();
      const vehicleId = w.fixtures.onlineListeningVehicleId;
      w.sandbox.faults.inject({ kind: 'malformed_json', after: true, times: 1, pathPrefix: '/v1/vehicles' });
      const { record } = await sendVehicleCommand(t.db, api, { ...m, vehicleId, command: 'OPEN_CHARGE_PORT' });
      expect(record).toMatchObject({ localStatus: 'UNKNOWN', errorCode: 'EXECUTION_ID_MISSING' });
      w.advance(1_000);
      await settle(api, Date.now() + 10 * 60_000, m.organizationId);
      const recovered = (await getCommandExecution(t.db, m.organizationId, record.id))!;
      expect(recovered.localStatus).toBe('SENT');
      expect(stateOf(recovered)).toBe('executed');
    });

    it('turns a record a crash left mid-request into unknown, then finds its execution in the list', async () => {
      const w = world(500);
      const api = w.client();
      const m = await member();
      const vehicleId = w.fixtures.onlineListeningVehicleId;
      // The process wrote its record and reached the service, then died before writing the answer.
      const record = await recordCommandRequested(t.db, { ...m, requestedBy: m.userId, vehicleId, command: 'CLIMATE_ON' });
      await api.sendCommand(vehicleId, 'CLIMATE_ON');
      await settle(api, Date.now() + 1_000, m.organizationId);
      expect((await getCommandExecution(t.db, m.organizationId, record.id))?.localStatus).toBe('REQUESTING');
      w.advance(1_000);
      await settle(api, Date.now() + INTERRUPTED_AFTER_MS + 1_000, m.organizationId);
      const recovered = (await getCommandExecution(t.db, m.organizationId, record.id))!;
      expect(recovered).toMatchObject({ localStatus: 'SENT', errorCode: 'INTERRUPTED', status: 'EXECUTED' });
    });

    it('shows commands sent outside Motorpool in the vehicle’s and the fleet’s history, once, however often it is read', async () => {
      const w = world(500);
      const api = w.client();
      const m = await member();
      const vehicleId = w.fixtures.onlineListeningVehicleId;
      await api.sendCommand(vehicleId, 'SET_CHARGE_LIMIT', { limit: 70 });
      w.advance(1_000);
      await Promise.all([
        syncVehicleExecutions(t.db, api, m.organizationId, vehicleId),
        syncVehicleExecutions(t.db, w.client([]), m.organizationId, vehicleId),
      ]);
      expect(await syncVehicleExecutions(t.db, api, m.organizationId, vehicleId)).toEqual({ state: 'included' });
      const fleet = (await commandHistory(t.db, m.organizationId, { limit: 10 })).executions;
      expect(fleet).toHaveLength(1);
      expect(fleet[0]).toMatchObject({ origin: 'external', command: 'SET_CHARGE_LIMIT', arguments: { limit: 70 }, requestedBy: null });
      expect(fleet[0].state).toBe('executed');
    });

    it('settles a sent command from the list only where polling is on: with events only, the event alone settles it', async () => {
      const w = world(500);
      const api = w.client();
      const m = await member();
      const vehicleId = w.fixtures.onlineListeningVehicleId;
      const { record } = await sendVehicleCommand(t.db, api, { ...m, vehicleId, command: 'FLASH_LIGHTS' });
      expect(record).toMatchObject({ localStatus: 'SENT', status: 'PENDING' });
      w.advance(1_000);
      expect(await syncVehicleExecutions(t.db, api, m.organizationId, vehicleId, { settleSent: false })).toEqual({
        state: 'included',
      });
      expect((await getCommandExecution(t.db, m.organizationId, record.id))?.status).toBe('PENDING');
      await syncVehicleExecutions(t.db, api, m.organizationId, vehicleId);
      expect(stateOf((await getCommandExecution(t.db, m.organizationId, record.id))!)).toBe('executed');
    });

    it('falls back to Motorpool’s records when the service does not list executions, learning it once per process', async () => {
      const w = world(500);
      const api = w.client();
      const m = await member();
      const vehicleId = w.fixtures.onlineListeningVehicleId;
      w.sandbox.faults.inject({ kind: 'method_not_allowed', path: `/v1/vehicles/${vehicleId}/command-executions` });
      const first = await syncVehicleExecutions(t.db, api, m.organizationId, vehicleId);
      expect(first).toMatchObject({ state: 'not_offered', requestId: expect.any(String) });
      expect(await syncVehicleExecutions(t.db, api, m.organizationId, vehicleId)).toEqual(first);
      expect(w.calls.filter((c) => c.endsWith('/command-executions'))).toHaveLength(1);
    });

    it('reads the vehicle’s data once after EXECUTED: confirmed at its time, or not yet seen', async () => {
      const w = world(500);
      const api = w.client();
      const m = await member();
      const vehicleId = w.fixtures.onlineListeningVehicleId;
      const lock = (await sendVehicleCommand(t.db, api, { ...m, vehicleId, command: 'LOCK_DOORS' })).record;
      const limit = (await sendVehicleCommand(t.db, api, { ...m, vehicleId, command: 'SET_CHARGE_LIMIT', args: { limit: 65 } })).record;
      w.advance(1_000);
      await settle(api, Date.now(), m.organizationId);
      // Settling stamps the database's own time; the confirmation delay counts from it.
      const now = (await getCommandExecution(t.db, m.organizationId, lock.id))!.settledAt!.getTime();
      // Someone else changes the limit before the car's data is read: the command's effect is not seen.
      await api.sendCommand(vehicleId, 'SET_CHARGE_LIMIT', { limit: 90 });
      w.advance(1_000);
      const apiFor = async (id: string) => (id === m.organizationId ? api : undefined);
      expect(await confirmCommandEffects(t.db, apiFor, new Date(now + 1_000), { delayMs: 3_000 })).toBe(0);
      const telemetryReads = () => w.calls.filter((c) => c.endsWith('/telemetry')).length;
      await Promise.all([
        confirmCommandEffects(t.db, apiFor, new Date(now + 5_000), { delayMs: 3_000 }),
        confirmCommandEffects(t.db, apiFor, new Date(now + 5_000), { delayMs: 3_000 }),
      ]);
      expect(telemetryReads()).toBe(1);
      const locked = (await getCommandExecution(t.db, m.organizationId, lock.id))!;
      expect(locked.confirmation).toBe('confirmed');
      expect(locked.confirmedAt).toBeInstanceOf(Date);
      expect((await getCommandExecution(t.db, m.organizationId, limit.id))?.confirmation).toBe('not_seen');
      await confirmCommandEffects(t.db, apiFor, new Date(now + 60_000), { delayMs: 3_000 });
      expect(telemetryReads()).toBe(1);
    });
  });
}
