import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { listLiveSessions, recordSession, touchSession } from '@/lib/db/repos/sessions';
import { createUser } from '@/lib/db/repos/users';
import { createTestDatabase } from '@/lib/db/testing.test-support';
import { PEER_ADDRESS_HEADER } from './client-address';

const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock('next/headers', () => ({ headers: async () => request.headers }));

const { createLastSeenTracker, LAST_SEEN_INTERVAL_MS, signInOrigin } = await import('./session-activity');

const database = await createTestDatabase('pglite');
const db = database.db as Db;
afterAll(() => database.close());

describe('last seen', () => {
  it('writes a session’s last-seen time at most once a minute from one instance, each session on its own clock', async () => {
    let now = 1_000_000;
    const write = vi.fn(async () => {});
    const tracker = createLastSeenTracker({ write, now: () => now });
    await tracker.seen('a');
    expect(write).toHaveBeenCalledTimes(1);
    expect(write).toHaveBeenLastCalledWith('a', new Date(1_000_000), LAST_SEEN_INTERVAL_MS);
    for (const step of [1, 30_000, 59_999]) {
      now = 1_000_000 + step;
      expect(tracker.seen('a')).toBeUndefined();
    }
    await tracker.seen('b');
    expect(write).toHaveBeenCalledTimes(2);
    now = 1_000_000 + LAST_SEEN_INTERVAL_MS;
    await tracker.seen('a');
    expect(write).toHaveBeenCalledTimes(3);
    expect(write).toHaveBeenLastCalledWith('a', new Date(now), LAST_SEEN_INTERVAL_MS);
  });

  it('keeps a failed write from failing the request, and does not retry it before the interval', async () => {
    let now = 0;
    const write = vi.fn(async () => {
      throw new Error('database down');
    });
    const tracker = createLastSeenTracker({ write, now: () => now });
    await expect(tracker.seen('a')).resolves.toBeUndefined();
    now = 1000;
    expect(tracker.seen('a')).toBeUndefined();
    expect(write).toHaveBeenCalledTimes(1);
  });

  it('moves the stored time at most once a minute however many instances see the session (the write is conditional)', async () => {
    const user = await createUser(db, { email: 'seen@example.com' });
    const signedIn = Date.UTC(2026, 0, 1, 8);
    await recordSession(
      db,
      { sid: 'seen-1', userId: user.id, sessionVersion: 0, userAgent: null, ip: null, expiresAt: new Date(signedIn + 3600_000) },
      new Date(signedIn),
    );
    const lastSeen = async () => (await listLiveSessions(db, user.id, new Date(signedIn)))[0].lastSeenAt.getTime();
    let now = signedIn + 30_000;
    // Two instances, each with its own memory: the first sees it 30 s after sign-in, too soon.
    const instances = [0, 1].map(() =>
      createLastSeenTracker({ write: (sid, at, intervalMs) => touchSession(db, sid, at, intervalMs), now: () => now }),
    );
    await instances[0].seen('seen-1');
    expect(await lastSeen()).toBe(signedIn);
    now = signedIn + 61_000;
    await instances[1].seen('seen-1');
    expect(await lastSeen()).toBe(signedIn + 61_000);
    // The other instance has not written for a while, but the database says a minute has not passed.
    now = signedIn + 100_000;
    await instances[0].seen('seen-1');
    expect(await lastSeen()).toBe(signedIn + 61_000);
    now = signedIn + 161_000;
    await instances[0].seen('seen-1');
    expect(await lastSeen()).toBe(signedIn + 161_000);
  });
});

describe('signInOrigin', () => {
  it('reads the user agent and the client address of the request being served', async () => {
    request.headers = new Headers({ 'user-agent': 'Mozilla/5.0 Test', [PEER_ADDRESS_HEADER]: '::ffff:198.51.100.7' });
    await expect(signInOrigin()).resolves.toEqual({ userAgent: 'Mozilla/5.0 Test', ip: '198.51.100.7' });
    request.headers = new Headers({ 'user-agent': 'x'.repeat(2000) });
    const long = await signInOrigin();
    expect(long).toEqual({ userAgent: 'x'.repeat(512), ip: null });
  });
});
