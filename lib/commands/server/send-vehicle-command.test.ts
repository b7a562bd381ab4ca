import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureLog } from '@/lib/ops/capture-log.test-support';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { getCommandExecution } from '@/lib/db/repos/command-executions';
import { createOrganization } from '@/lib/db/repos/organizations';
import { listUnofferedCommands } from '@/lib/db/repos/unoffered-commands';
import { createUser } from '@/lib/db/repos/users';
import { createVehicleApi } from '@/lib/vehicle-api';
import { createFakeUpstream, json } from '@/lib/vehicle-api/fake-upstream.test-support';
import { toExecutionView } from '@/lib/commands/execution-view';
import { sendVehicleCommand } from './send-vehicle-command';

/** Lets a test make the write after the upstream's answer fail, as a database hiccup would. */
const faults = vi.hoisted(() => ({ failSentWrite: false }));
vi.mock('@/lib/db/repos/command-executions', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/db/repos/command-executions')>();
  return {
    ...actual,
    recordCommandSent: (...args: Parameters<typeof actual.recordCommandSent>) =>
      faults.failSentWrite ? Promise.reject(new Error('connection reset')) : actual.recordCommandSent(...args),
  };
});

const LOCK = 'POST /v1/vehicles/veh-1/command-execution:lock-doors';

function upstreamAnswering(body: unknown, status = 201) {
  const upstream = createFakeUpstream();
  upstream.on(LOCK, () => json(typeof body === 'function' ? body() : body, status));
  const api = createVehicleApi({
    baseUrl: 'http://upstream.test',
    clientId: 'c',
    clientSecret: 's',
    fetch: upstream.fetch,
    logger: () => {},
  });
  return { upstream, api };
}

describe('an accepted command is never recorded or answered as refused', () => {
  const t = useTestDatabase('pglite');
  afterEach(() => {
    faults.failSentWrite = false;
    vi.restoreAllMocks();
  });

  async function member() {
    const suffix = Math.random().toString(36).slice(2, 8);
    const org = await createOrganization(t.db, { slug: `o${suffix}`, name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
    const user = await createUser(t.db, { email: `u${suffix}@example.com` });
    return { organizationId: org.id, userId: user.id, vehicleId: 'veh-1', command: 'LOCK_DOORS' as const };
  }

  it('keeps an executedAt that is not a date as it came, and the command as executed', async () => {
    const { api } = upstreamAnswering({
      id: 'exec-1',
      vehicleId: 'veh-1',
      command: 'LOCK_DOORS',
      status: 'EXECUTED',
      executedAt: 'soon-ish',
    });
    const input = await member();
    const { record } = await sendVehicleCommand(t.db, api, input);
    expect(record).toMatchObject({
      localStatus: 'SENT',
      status: 'EXECUTED',
      upstreamExecutionId: 'exec-1',
      executedAt: null,
      executedAtRaw: 'soon-ish',
    });
    const stored = await getCommandExecution(t.db, input.organizationId, record.id);
    expect(toExecutionView(stored!, new Map())).toMatchObject({ state: 'executed', executedAt: null, executedAtRaw: 'soon-ish' });
  });

  it('keeps the upstream id of a 2xx answer that does not match the contract, and follows it as pending', async () => {
    const { api } = upstreamAnswering({ id: 'exec-2', status: 'PENDING', executedAt: 1764000000, timeout: 'five minutes' });
    const input = await member();
    const { record } = await sendVehicleCommand(t.db, api, input);
    expect(record).toMatchObject({ localStatus: 'SENT', status: 'PENDING', upstreamExecutionId: 'exec-2', errorCode: null });
  });

  it('answers the accepted command when the write after the answer fails, never a refusal or an error', async () => {
    const { api, upstream } = upstreamAnswering({ id: 'exec-3', status: 'PENDING' });
    const input = await member();
    const log = captureLog();
    faults.failSentWrite = true;
    const { record } = await sendVehicleCommand(t.db, api, input);
    expect(log.lines()).toContainEqual(expect.objectContaining({ event: 'commands.accepted_not_recorded', executionId: record.id }));
    log.restore();
    expect(record).toMatchObject({ localStatus: 'SENT', status: 'PENDING', upstreamExecutionId: 'exec-3' });
    expect(upstream.count(LOCK)).toBe(1);
    // Not REJECTED: the record stays where a crash would leave it, for start-up to mark UNKNOWN.
    expect((await getCommandExecution(t.db, input.organizationId, record.id))?.localStatus).toBe('REQUESTING');
  });

  it('keeps an execution that came back without an id as sent, outcome unknown, and answers it', async () => {
    // The vendor requires only vehicleId and command in an execution.
    const { api } = upstreamAnswering({ vehicleId: 'veh-1', command: 'LOCK_DOORS', status: 'PENDING', id: null });
    const input = await member();
    const { record } = await sendVehicleCommand(t.db, api, input);
    expect(record).toMatchObject({
      localStatus: 'UNKNOWN',
      errorCode: 'EXECUTION_ID_MISSING',
      upstreamExecutionId: null,
      status: 'PENDING',
    });
    const stored = await getCommandExecution(t.db, input.organizationId, record.id);
    expect(toExecutionView(stored!, new Map())).toMatchObject({ state: 'unknown', errorCode: 'EXECUTION_ID_MISSING' });

    const bare = upstreamAnswering({ vehicleId: 'veh-1', command: 'LOCK_DOORS' });
    expect((await sendVehicleCommand(t.db, bare.api, await member())).record).toMatchObject({ localStatus: 'UNKNOWN', status: 'PENDING' });
  });

  it('keeps an outcome the answer already settles even without an id', async () => {
    const { api } = upstreamAnswering({ vehicleId: 'veh-1', command: 'LOCK_DOORS', status: 'FAILED', failedReason: 'OEM_VEHICLE_OFFLINE' });
    const { record } = await sendVehicleCommand(t.db, api, await member());
    expect(record).toMatchObject({ localStatus: 'SENT', status: 'FAILED', failedReason: 'OEM_VEHICLE_OFFLINE', upstreamExecutionId: null });
  });

  it('reads a framework 404 on the command path as a command the service does not offer, remembered until it works', async () => {
    const upstream = createFakeUpstream();
    const FLASH = 'POST /v1/vehicles/veh-1/command-execution:flash-lights';
    upstream.on(FLASH, (_call, n) => (n === 1 ? json({ detail: 'Not Found' }, 404) : json({ id: 'exec-f', status: 'PENDING' }, 201)));
    const api = createVehicleApi({
      baseUrl: 'http://upstream.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: upstream.fetch,
      logger: () => {},
    });
    const input = { ...(await member()), command: 'FLASH_LIGHTS' as const };
    const error = await sendVehicleCommand(t.db, api, input).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'COMMAND_NOT_OFFERED',
      status: 422,
      message: 'This service does not offer Flash lights for this vehicle.',
    });
    expect(await listUnofferedCommands(t.db, input.organizationId)).toMatchObject([{ command: 'FLASH_LIGHTS', vehicleId: 'veh-1' }]);
    const [refused] = await t.db.query.commandExecutions.findMany({ where: (c, { eq }) => eq(c.organizationId, input.organizationId) });
    expect(refused).toMatchObject({ localStatus: 'REJECTED', errorCode: 'COMMAND_NOT_OFFERED' });

    await sendVehicleCommand(t.db, api, input);
    expect(await listUnofferedCommands(t.db, input.organizationId)).toEqual([]);
  });

  it('still records a real refusal as refused', async () => {
    const { api } = upstreamAnswering({ error: 'VEHICLE_NOT_FOUND', message: 'no such vehicle' }, 404);
    const input = await member();
    const error = await sendVehicleCommand(t.db, api, input).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'VEHICLE_NOT_FOUND' });
    const [id] = (await t.db.query.commandExecutions.findMany({ where: (c, { eq }) => eq(c.organizationId, input.organizationId) })).map(
      (r) => r.id,
    );
    expect((await getCommandExecution(t.db, input.organizationId, id))?.localStatus).toBe('REJECTED');
  });
});

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`a repeated idempotency key executes once (${leg.kind})`, () => {
    const t = useTestDatabase(leg.kind);

    async function member() {
      const suffix = Math.random().toString(36).slice(2, 8);
      const org = await createOrganization(t.db, { slug: `o${suffix}`, name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      const user = await createUser(t.db, { email: `u${suffix}@example.com` });
      return {
        organizationId: org.id,
        userId: user.id,
        vehicleId: 'veh-1',
        command: 'LOCK_DOORS' as const,
        idempotencyKey: `key-${suffix}`,
      };
    }
    let executions = 0;
    const upstream = () => upstreamAnswering(() => ({ id: `exec-${++executions}`, status: 'PENDING' }));

    it('answers a double submit with the first execution and calls the upstream once', async () => {
      const { api, upstream: fake } = upstream();
      const input = await member();
      const first = await sendVehicleCommand(t.db, api, input);
      const second = await sendVehicleCommand(t.db, api, input);
      expect(fake.count(LOCK)).toBe(1);
      expect(second).toMatchObject({
        replayed: true,
        record: { id: first.record.id, upstreamExecutionId: first.record.upstreamExecutionId },
      });
      expect(first.replayed).toBeUndefined();
    });

    it('answers two concurrent requests with one execution, the second once the first has its answer', async () => {
      const { api, upstream: fake } = upstream();
      const input = await member();
      const [a, b] = await Promise.all([sendVehicleCommand(t.db, api, input), sendVehicleCommand(t.db, api, input)]);
      expect(fake.count(LOCK)).toBe(1);
      expect(a.record.id).toBe(b.record.id);
      expect([a.record.localStatus, b.record.localStatus]).toEqual(['SENT', 'SENT']);
      expect([a.replayed, b.replayed].filter(Boolean)).toHaveLength(1);
    });

    it('answers a retry after a dropped response with the first outcome, unknown included, without sending again', async () => {
      const fake = createFakeUpstream();
      fake.on(LOCK, () => new Promise<Response>(() => {}));
      const api = createVehicleApi({
        baseUrl: 'http://upstream.test',
        clientId: 'c',
        clientSecret: 's',
        fetch: fake.fetch,
        timeoutMs: 50,
        logger: () => {},
      });
      const input = await member();
      await expect(sendVehicleCommand(t.db, api, input)).rejects.toMatchObject({ code: 'TIMEOUT' });
      const retry = await sendVehicleCommand(t.db, api, input);
      expect(fake.count(LOCK)).toBe(1);
      expect(retry).toMatchObject({ replayed: true, record: { localStatus: 'UNKNOWN', errorCode: 'TIMEOUT' } });
    });

    it('refuses a key reused for another command, and keeps keys apart per organization', async () => {
      const { api, upstream: fake } = upstream();
      const input = await member();
      await sendVehicleCommand(t.db, api, input);
      await expect(sendVehicleCommand(t.db, api, { ...input, command: 'UNLOCK_DOORS' })).rejects.toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
        status: 422,
      });
      const other = await member();
      await sendVehicleCommand(t.db, api, { ...other, idempotencyKey: input.idempotencyKey });
      expect(fake.count(LOCK)).toBe(2);
      expect(fake.count('POST /v1/vehicles/veh-1/command-execution:unlock-doors')).toBe(0);
    });
  });
}
