import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type DbHandle, type Notifications } from '@/lib/db';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '@/lib/db/testing.test-support';
import { createChangeBus, type DeliveredNotice } from './change-bus';

const available = await postgresAvailable();
const vehicle = (vehicleId: string) => ({ kind: 'vehicle' as const, vehicleId });

/** One PostgreSQL channel between instances, in memory: NOTIFY reaches every listener, the sender's own included. */
function fakeChannel() {
  const listeners = new Map<string, ((payload: string) => void)[]>();
  const instance = (): Notifications => ({
    listen: async (channel, onMessage) => {
      listeners.set(channel, [...(listeners.get(channel) ?? []), onMessage]);
    },
    notify: async (channel, payload) => {
      for (const listener of listeners.get(channel) ?? []) listener(payload);
    },
  });
  return { instance, raw: (payload: string) => listeners.get('motorpool_live')?.forEach((l) => l(payload)) };
}

describe('a change bus without PostgreSQL (PGlite, one process)', () => {
  it('hands a published notice to every listener, numbered for Last-Event-ID', async () => {
    const bus = createChangeBus(undefined, (e) => expect.fail(String(e)));
    const heard: DeliveredNotice[] = [];
    const { ready } = bus.subscribe((d) => heard.push(d));
    await ready;
    await bus.publish({ organizationId: 'org-a', notice: vehicle('v1') });
    await bus.publish({ organizationId: 'org-b', notice: vehicle('v2') });
    expect(heard.map((d) => [d.organizationId, d.notice])).toEqual([
      ['org-a', vehicle('v1')],
      ['org-b', vehicle('v2')],
    ]);
    expect(heard[0].id).toMatch(/^[0-9a-f]{8}\.1$/);
    expect(heard[1].id).toMatch(/^[0-9a-f]{8}\.2$/);
  });

  it('replays what came after an id it handed out, and says it cannot for any other id', async () => {
    const bus = createChangeBus(undefined, () => {});
    const heard: DeliveredNotice[] = [];
    bus.subscribe((d) => heard.push(d));
    for (const id of ['v1', 'v2', 'v3']) await bus.publish({ organizationId: 'org-a', notice: vehicle(id) });
    expect(bus.since(heard[0].id)?.map((d) => d.notice)).toEqual([vehicle('v2'), vehicle('v3')]);
    expect(bus.since(heard[2].id)).toEqual([]);
    expect(bus.since('deadbeef.1')).toBeUndefined();
    expect(bus.since(`${heard[0].id.split('.')[0]}.99`)).toBeUndefined();
    expect(bus.since('not an id')).toBeUndefined();
  });

  it('forgets the oldest past its window: an id before it asks for a resync', async () => {
    const bus = createChangeBus(undefined, () => {});
    const heard: DeliveredNotice[] = [];
    bus.subscribe((d) => heard.push(d));
    for (let i = 0; i < 1_002; i++) await bus.publish({ organizationId: 'org-a', notice: vehicle(`v${i}`) });
    expect(bus.since(heard[0].id)).toBeUndefined();
    expect(bus.since(heard[1].id)).toHaveLength(1_000);
  });

  it('stops handing notices to a listener that unsubscribed', async () => {
    const bus = createChangeBus(undefined, () => {});
    const listener = vi.fn();
    const { unsubscribe } = bus.subscribe(listener);
    unsubscribe();
    await bus.publish({ organizationId: 'org-a', notice: vehicle('v1') });
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('change buses sharing a NOTIFY channel (instances on one PostgreSQL)', () => {
  it('delivers a notice published on one instance to the other, once on each', async () => {
    const channel = fakeChannel();
    const a = createChangeBus(channel.instance(), () => {});
    const b = createChangeBus(channel.instance(), () => {});
    const onA = vi.fn();
    const onB = vi.fn();
    await a.subscribe(onA).ready;
    await b.subscribe(onB).ready;
    await a.publish({ organizationId: 'org-a', notice: vehicle('v1') });
    expect(onA).toHaveBeenCalledTimes(1);
    expect(onB).toHaveBeenCalledTimes(1);
    expect(onB.mock.calls[0][0]).toMatchObject({ organizationId: 'org-a', notice: vehicle('v1') });
  });

  it('drops a payload that is no notice, reporting it, and keeps only the ids of one that is', async () => {
    const channel = fakeChannel();
    const errors: unknown[] = [];
    const bus = createChangeBus(channel.instance(), (e) => errors.push(e));
    const listener = vi.fn();
    await bus.subscribe(listener).ready;
    channel.raw('{not json');
    channel.raw(JSON.stringify({ organizationId: 'org-a', notice: { kind: 'vehicle', vehicleId: '<script>' } }));
    channel.raw(JSON.stringify({ notice: vehicle('v1') }));
    channel.raw(JSON.stringify({ organizationId: 'org-a', notice: { ...vehicle('v1'), stateOfCharge: 40 } }));
    expect(errors).toHaveLength(3);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0][0].notice).toEqual(vehicle('v1'));
  });
});

describe.skipIf(!available)('change buses on a real PostgreSQL', () => {
  let database: TestDatabase;
  let a: DbHandle;
  let b: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    a = openPostgres(database.url!, { max: 2 });
    b = openPostgres(database.url!, { max: 2 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('carries a notice from one instance to the other through LISTEN/NOTIFY', async () => {
    const onA = createChangeBus(a.notifications, () => {});
    const onB = createChangeBus(b.notifications, () => {});
    const heard = vi.fn();
    await onB.subscribe(heard).ready;
    await onA.publish({ organizationId: 'org-a', notice: vehicle('v1') });
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    expect(heard.mock.calls[0][0]).toMatchObject({ organizationId: 'org-a', notice: vehicle('v1') });
  });
});
