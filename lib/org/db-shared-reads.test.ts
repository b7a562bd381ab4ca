import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { openPostgres, type DbHandle } from '@/lib/db';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { createOrganization } from '@/lib/db/repos/organizations';
import { sharedReads } from '@/lib/db/schema';
import { DbSharedReads } from '@/lib/org/db-shared-reads';
import { pruneSharedReads } from '@/lib/db/repos/shared-reads';
import { createVehicleApi, isVehicleApiError, type FetchLike } from '@/lib/vehicle-api';
import { createFakeUpstream, json } from '@/lib/vehicle-api/fake-upstream.test-support';
import { withSharedReads } from '@/lib/vehicle-api/shared-reads';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0028');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TELEMETRY = 'GET /v1/vehicles/veh_1/telemetry';

/**
 * An upstream that knows which organization asks (by the client id of its token) and answers
 * telemetry slowly, as a real one does, so that reads from two instances overlap.
 */
function organizationsUpstream(options: { delayMs?: number } = {}) {
  const upstream = createFakeUpstream();
  const clientOfToken = new Map<string, string>();
  upstream.on('POST /v1/oauth2/token', (call) => {
    const basic = Buffer.from((call.headers.get('authorization') ?? '').replace(/^Basic /, ''), 'base64').toString('utf8');
    const clientId = basic.split(':')[0];
    const token = `access-${clientId}-${clientOfToken.size + 1}`;
    clientOfToken.set(token, clientId);
    return json({ access_token: token, token_type: 'Bearer', expires_in: 3600 });
  });
  upstream.on(TELEMETRY, async (call, n) => {
    await sleep(options.delayMs ?? 200);
    const client = clientOfToken.get((call.headers.get('authorization') ?? '').replace(/^Bearer /, ''));
    return json({ id: 'veh_1', odometer: { value: 1000 + n, unit: 'km' }, client }, 200, { 'X-Request-Id': `req-telemetry-${n}` });
  });
  return upstream;
}

type Upstream = ReturnType<typeof organizationsUpstream>;

const postgresLeg = (await databaseLegs()).find((leg) => leg.kind === 'postgres')!;

describe.skipIf(!postgresLeg.available)('vehicle section reads shared across instances on PostgreSQL', () => {
  const t = useTestDatabase('postgres');
  const handles: DbHandle[] = [];
  const orgs: Record<'a' | 'b', string> = { a: '', b: '' };
  beforeAll(async () => {
    for (const name of ['a', 'b'] as const)
      orgs[name] = (
        await createOrganization(t.db, { slug: `shared-${name}`, name, apiBaseUrl: null, clientId: `client-${name}`, clientSecret: 's' })
      ).id;
  });
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
  });

  /**
   * What one server process builds: its own pool and LISTEN connection, its own store and client,
   * and its own transport (so the process-local coalescing of reads never joins two instances).
   */
  function instance(upstream: Upstream, org: 'a' | 'b', options: { enabled?: boolean } = {}) {
    const handle = openPostgres(t.database.url!, { max: 3 });
    handles.push(handle);
    const transport: FetchLike = (input, init) => upstream.fetch(input, init);
    const store = new DbSharedReads(handle.db, {
      organizationId: orgs[org],
      notifications: () => handle.notifications,
      enabled: () => options.enabled ?? true,
      leaseMs: 20_000,
      onError: (error) => {
        throw error;
      },
    });
    return createVehicleApi({
      baseUrl: 'http://upstream.test',
      clientId: `client-${org}`,
      clientSecret: 's',
      fetch: transport,
      tokenCacheKey: `org:${orgs[org]}`,
      retry: { maxAttempts: 1 },
      logger: () => {},
      sharedReads: store,
    });
  }

  type Api = ReturnType<typeof instance>;
  const read = (api: Api, scope: { force?: boolean; maxAgeMs?: number } = {}) =>
    withSharedReads({ maxAgeMs: scope.maxAgeMs ?? 10_000, force: scope.force ?? false }, () => api.getTelemetry('veh_1'));

  /** Gets the instance its token (with a read the fake upstream answers 404, not shared): the reads that follow start together. */
  const warm = (api: Api) => api.getVehicle('veh_1').catch(() => undefined);
  const clearReads = () => t.db.delete(sharedReads);

  it('makes one upstream call when two instances read the same section at once, and answers later reads in the window from it', async () => {
    await clearReads();
    const upstream = organizationsUpstream();
    const one = instance(upstream, 'a');
    const two = instance(upstream, 'a');
    // Tokens first, so both reads reach the shared store at the same moment.
    await Promise.all([warm(one), warm(two)]);
    const answers = await Promise.all([read(one), read(two), read(one), read(two)]);
    expect(upstream.count(TELEMETRY)).toBe(1);
    for (const answer of answers) {
      expect(answer.raw).toEqual({ id: 'veh_1', odometer: { value: 1001, unit: 'km' }, client: 'client-a' });
      expect(answer.requestId).toBe('req-telemetry-1');
    }
    await read(two);
    await read(instance(upstream, 'a'));
    expect(upstream.count(TELEMETRY)).toBe(1);
  });

  it('never answers one organization with another organization’s body', async () => {
    await clearReads();
    const upstream = organizationsUpstream();
    const a = instance(upstream, 'a');
    const b = instance(upstream, 'b');
    const [fromA, fromB] = await Promise.all([read(a), read(b)]);
    expect(upstream.count(TELEMETRY)).toBe(2);
    expect((fromA.raw as { client: string }).client).toBe('client-a');
    expect((fromB.raw as { client: string }).client).toBe('client-b');
    // Stored now, each in its organization's row: a later read of each still gets its own.
    expect(((await read(instance(upstream, 'b'))).raw as { client: string }).client).toBe('client-b');
    expect(((await read(instance(upstream, 'a'))).raw as { client: string }).client).toBe('client-a');
    expect(upstream.count(TELEMETRY)).toBe(2);
    const rows = await t.db.select({ organizationId: sharedReads.organizationId }).from(sharedReads);
    expect(rows.map((r) => r.organizationId).sort()).toEqual([orgs.a, orgs.b].sort());
  });

  it('keeps each organization’s rows apart even for the very same request key', async () => {
    await clearReads();
    const handle = openPostgres(t.database.url!, { max: 2 });
    handles.push(handle);
    const store = (org: 'a' | 'b') => new DbSharedReads(handle.db, { organizationId: orgs[org], leaseMs: 20_000 });
    const options = { maxAgeMs: 10_000, force: false, deadline: { at: performance.now() + 20_000, ms: 20_000 } };
    const request = { key: 'GET http://upstream.test/v1/vehicles/veh_1/telemetry', vehicleId: 'veh_1' };
    const loadA = vi.fn(async () => ({ status: 200, raw: { of: 'a' } }));
    const loadB = vi.fn(async () => ({ status: 200, raw: { of: 'b' } }));
    expect(await store('a').read(request, options, loadA)).toEqual({ status: 200, raw: { of: 'a' }, shared: false });
    expect(await store('b').read(request, options, loadB)).toEqual({ status: 200, raw: { of: 'b' }, shared: false });
    expect(await store('a').read(request, options, loadA)).toEqual({ status: 200, raw: { of: 'a' }, shared: true });
    expect(loadA).toHaveBeenCalledTimes(1);
    expect(loadB).toHaveBeenCalledTimes(1);
    // A write in one organization forgets its reads only.
    await store('b').forget('veh_1');
    expect(await store('a').read(request, options, loadA)).toMatchObject({ shared: true });
  });

  it('sends a forced read (a person’s refresh) upstream, and shares what it got', async () => {
    await clearReads();
    const upstream = organizationsUpstream({ delayMs: 20 });
    const one = instance(upstream, 'a');
    const two = instance(upstream, 'a');
    await read(one);
    const forced = await read(two, { force: true });
    expect(upstream.count(TELEMETRY)).toBe(2);
    expect(forced.requestId).toBe('req-telemetry-2');
    expect((await read(one)).requestId).toBe('req-telemetry-2');
    expect(upstream.count(TELEMETRY)).toBe(2);
  });

  it('does not share an upstream error as a success: the waiting instance asks for itself, and nothing is stored', async () => {
    await clearReads();
    const upstream = organizationsUpstream();
    upstream.on(TELEMETRY, async (_call, n) => {
      await sleep(200);
      return n === 1
        ? json({ error: 'SERVER_ERROR', message: 'the OEM did not answer' }, 503)
        : json({ id: 'veh_1', odometer: { value: 2000 + n, unit: 'km' } }, 200, { 'X-Request-Id': `req-telemetry-${n}` });
    });
    const one = instance(upstream, 'a');
    const two = instance(upstream, 'a');
    await Promise.all([warm(one), warm(two)]);
    const first = read(one);
    await sleep(50);
    const [failed, succeeded] = await Promise.allSettled([first, read(two)]);
    expect(failed.status).toBe('rejected');
    expect(failed.status === 'rejected' && isVehicleApiError(failed.reason) && failed.reason.status).toBe(503);
    expect(succeeded.status === 'fulfilled' && succeeded.value.raw).toEqual({ id: 'veh_1', odometer: { value: 2002, unit: 'km' } });
    expect(upstream.count(TELEMETRY)).toBe(2);

    // A failure alone leaves no body behind: the next read goes upstream.
    await clearReads();
    upstream.on(TELEMETRY, () => json({ error: 'SERVER_ERROR', message: 'down' }, 503));
    await expect(read(one)).rejects.toMatchObject({ status: 503 });
    await expect(read(two)).rejects.toMatchObject({ status: 503 });
    expect(upstream.count(TELEMETRY)).toBe(4);
    expect(await t.db.select().from(sharedReads).where(eq(sharedReads.organizationId, orgs.a))).toEqual([
      expect.objectContaining({ body: null, fetchedAt: null, leaseUntil: null }),
    ]);
  });

  it('asks the upstream again once the freshness window has passed, and prunes old reads', async () => {
    await clearReads();
    const upstream = organizationsUpstream({ delayMs: 5 });
    const one = instance(upstream, 'a');
    const two = instance(upstream, 'a');
    await read(one, { maxAgeMs: 400 });
    await read(two, { maxAgeMs: 400 });
    expect(upstream.count(TELEMETRY)).toBe(1);
    await sleep(500);
    expect((await read(two, { maxAgeMs: 400 })).requestId).toBe('req-telemetry-2');
    expect(upstream.count(TELEMETRY)).toBe(2);

    await sleep(50);
    expect(await pruneSharedReads(t.db, 10)).toBe(1);
    expect(await t.db.select().from(sharedReads)).toEqual([]);
    await read(one);
    expect(upstream.count(TELEMETRY)).toBe(3);
  });

  it('forgets the vehicle’s reads after a write to it, and shares nothing outside a shared-read scope or when turned off', async () => {
    await clearReads();
    const upstream = organizationsUpstream({ delayMs: 5 });
    upstream.on('POST /v1/vehicles/veh_1/command-execution:lock-doors', () =>
      json({ id: 'exe_1', vehicleId: 'veh_1', command: 'LOCK_DOORS', status: 'PENDING' }),
    );
    const one = instance(upstream, 'a');
    const two = instance(upstream, 'a');
    await read(one);
    await read(two);
    expect(upstream.count(TELEMETRY)).toBe(1);
    await two.sendCommand('veh_1', 'LOCK_DOORS').catch(() => undefined);
    expect(upstream.count('POST /v1/vehicles/veh_1/command-execution:lock-doors')).toBe(1);
    await read(one);
    expect(upstream.count(TELEMETRY)).toBe(2);

    // A job or a command's confirmation reads outside any scope: always the upstream.
    await one.getTelemetry('veh_1');
    expect(upstream.count(TELEMETRY)).toBe(3);
    // PGlite (one process): the store steps aside.
    await read(instance(upstream, 'a', { enabled: false }));
    expect(upstream.count(TELEMETRY)).toBe(4);
  });
});
