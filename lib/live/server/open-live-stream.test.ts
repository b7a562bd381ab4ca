import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors/app-error';
import type { Role } from '@/lib/auth/permissions';
import { createChangeBus, type ChangeBus } from './change-bus';
import { countLiveStreams, openLiveStream, type LiveLimits } from './open-live-stream';

const LIMITS: LiveLimits = { perPerson: 2, perInstance: 3, heartbeatMs: 20_000, idleMs: 600_000, maxAgeMs: 1_800_000 };
const command = { kind: 'command' as const, vehicleId: 'veh-1', executionId: 'exe-1' };
const bulk = { kind: 'bulk' as const, jobId: 'job-1' };
const vehicle = { kind: 'vehicle' as const, vehicleId: 'veh-1' };

const open: AbortController[] = [];
afterEach(() => {
  for (const controller of open.splice(0)) controller.abort();
  vi.useRealTimers();
});

async function stream(bus: ChangeBus, who: { role?: Role; userId?: string; org?: string } = {}, lastEventId?: string, limits = LIMITS) {
  const controller = new AbortController();
  open.push(controller);
  const response = await openLiveStream(bus, limits, {
    subscriber: { organizationId: who.org ?? 'org-a', role: who.role ?? 'manager', userId: who.userId ?? 'user-1' },
    lastEventId,
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  /** Everything the stream has written so far (its writes are synchronous). */
  const read = async () => {
    for (;;) {
      const next = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 5))]);
      if (!next || next.done) return text;
      text += decoder.decode(next.value);
    }
  };
  return { response, read, close: () => controller.abort() };
}

const events = (text: string) =>
  text
    .split('\n\n')
    .filter((frame) => frame.includes('event: '))
    .map((frame) =>
      Object.fromEntries(frame.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)])),
    );

describe('openLiveStream', () => {
  it('answers as server-sent events that no proxy or compression holds back', async () => {
    const { response } = await stream(createChangeBus(undefined, () => {}));
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('no-cache');
    expect(response.headers.get('cache-control')).toContain('no-transform');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
  });

  it('never delivers another organization’s notice', async () => {
    const bus = createChangeBus(undefined, () => {});
    const mine = await stream(bus, { org: 'org-a' });
    await bus.publish({ organizationId: 'org-b', notice: command });
    await bus.publish({ organizationId: 'org-b', notice: vehicle });
    await bus.publish({ organizationId: 'org-a', notice: bulk });
    const delivered = events(await mine.read());
    expect(delivered.map((e) => e.data)).toEqual([JSON.stringify(bulk)]);
    expect(delivered[0].event).toBe('notice');
    expect(delivered[0].id).toMatch(/\.3$/);
  });

  it('sends ids only, never more than the notice', async () => {
    const bus = createChangeBus(undefined, () => {});
    const mine = await stream(bus);
    await bus.publish({ organizationId: 'org-a', notice: command });
    expect(events(await mine.read())[0].data).toBe('{"kind":"command","vehicleId":"veh-1","executionId":"exe-1"}');
  });

  it('replays what a reconnecting tab missed after its Last-Event-ID, of its organization only', async () => {
    const bus = createChangeBus(undefined, () => {});
    const first = await stream(bus);
    await bus.publish({ organizationId: 'org-a', notice: command });
    const lastId = events(await first.read())[0].id;
    first.close();
    await bus.publish({ organizationId: 'org-b', notice: vehicle });
    await bus.publish({ organizationId: 'org-a', notice: bulk });
    const again = await stream(bus, {}, lastId);
    expect(events(await again.read()).map((e) => e.data)).toEqual([JSON.stringify(bulk)]);
  });

  it('asks a tab to read everything again when its Last-Event-ID is not one this instance can continue from', async () => {
    const again = await stream(
      createChangeBus(undefined, () => {}),
      {},
      'abcdef01.17',
    );
    expect(events(await again.read())).toEqual([{ event: 'resync', data: '1' }]);
  });

  it('refuses a stream past the person’s limit and past the instance’s, with 429 codes that say which', async () => {
    const bus = createChangeBus(undefined, () => {});
    await stream(bus, { userId: 'u1' });
    await stream(bus, { userId: 'u1' });
    const perPerson = await stream(bus, { userId: 'u1' }).catch((e: unknown) => e);
    expect(perPerson).toBeInstanceOf(AppError);
    expect(perPerson).toMatchObject({ status: 429, code: 'LIVE_STREAMS_PER_PERSON' });
    await stream(bus, { userId: 'u2' });
    const perInstance = await stream(bus, { userId: 'u3' }).catch((e: unknown) => e);
    expect(perInstance).toMatchObject({ status: 429, code: 'LIVE_STREAMS_PER_INSTANCE' });
  });

  it('gives its place back when the browser goes away', async () => {
    const bus = createChangeBus(undefined, () => {});
    const one = await stream(bus, { userId: 'u1' });
    expect(countLiveStreams('u1')).toBe(1);
    one.close();
    expect(countLiveStreams('u1')).toBe(0);
    expect(countLiveStreams()).toBe(0);
  });

  it('sends a heartbeat, closes an idle stream and renews an old one', async () => {
    vi.useFakeTimers();
    const bus = createChangeBus(undefined, () => {});
    const limits = { ...LIMITS, heartbeatMs: 20_000, idleMs: 60_000, maxAgeMs: 90_000 };
    const idle = await stream(bus, { userId: 'idle' }, undefined, limits);
    const busy = await stream(bus, { userId: 'busy', org: 'org-busy' }, undefined, limits);
    const readNow = async (s: Awaited<ReturnType<typeof stream>>) => {
      const pending = s.read();
      await vi.advanceTimersByTimeAsync(10);
      return pending;
    };
    await vi.advanceTimersByTimeAsync(21_000);
    expect(events(await readNow(idle)).map((e) => e.event)).toEqual(['heartbeat']);
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(15_000);
      await bus.publish({ organizationId: 'org-busy', notice: vehicle });
    }
    expect(events(await readNow(idle)).at(-1)).toEqual({ event: 'close', data: 'idle' });
    expect(countLiveStreams('idle')).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(events(await readNow(busy)).at(-1)).toEqual({ event: 'close', data: 'renew' });
    expect(countLiveStreams()).toBe(0);
  });
});

describe('a role without the permission a kind needs', () => {
  it('receives none of that kind (the stream asks the role map for each notice)', async () => {
    vi.resetModules();
    vi.doMock('@/lib/auth/permissions', async (original) => {
      const real = await original<typeof import('@/lib/auth/permissions')>();
      // A support role without commands.read: its stream must withhold command notices.
      return {
        ...real,
        can: (role: Role, permission: string) =>
          !(role === 'support' && permission === 'commands.read') && real.can(role, permission as never),
      };
    });
    const { openLiveStream: openWithMock } = await import('./open-live-stream');
    const { createChangeBus: busWithMock } = await import('./change-bus');
    const bus = busWithMock(undefined, () => {});
    const controller = new AbortController();
    open.push(controller);
    const response = await openWithMock(bus, LIMITS, {
      subscriber: { organizationId: 'org-a', role: 'support', userId: 'support-1' },
      signal: controller.signal,
    });
    await bus.publish({ organizationId: 'org-a', notice: command });
    await bus.publish({ organizationId: 'org-a', notice: vehicle });
    const reader = response.body!.getReader();
    let text = '';
    for (;;) {
      const next = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 5))]);
      if (!next || next.done) break;
      text += new TextDecoder().decode(next.value);
    }
    expect(events(text).map((e) => e.data)).toEqual([JSON.stringify(vehicle)]);
    vi.doUnmock('@/lib/auth/permissions');
  });
});
