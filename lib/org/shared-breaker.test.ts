import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type DbHandle } from '@/lib/db';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '@/lib/db/testing.test-support';
import { createBreaker } from '@/lib/vehicle-api';
import { createSharedBreaker } from './shared-breaker';

const available = await postgresAvailable();

// Notices cross PostgreSQL: on a loaded machine they may take longer than vi.waitFor's default second.
const PATIENCE = { timeout: 10_000 };

describe('breaker.learn', () => {
  it('takes a longer pause, keeps a longer one it knows, and ends a pause another probe ended', () => {
    let clock = 0;
    const breaker = createBreaker({ now: () => clock });
    breaker.learn('org', { open: true, openUntil: 60_000, reason: 'asked', failures: 0 });
    expect(() => breaker.admit('org', 'GET /v1/vehicles')).toThrow(/asked us to wait/);
    breaker.learn('org', { open: true, openUntil: 10_000, reason: 'failing', failures: 5 });
    clock = 30_000;
    expect(() => breaker.admit('org', 'GET /v1/vehicles')).toThrow(/asked us to wait/);
    breaker.learn('org', { open: false });
    expect(breaker.admit('org', 'GET /v1/vehicles')).toEqual({ probe: false });
  });

  it('tells onChange of the pauses it opens and the probe that ends one, not of what it learned', () => {
    let clock = 0;
    const onChange = vi.fn();
    const breaker = createBreaker({ now: () => clock, onChange });
    breaker.learn('org-b', { open: true, openUntil: 5_000, reason: 'asked', failures: 0 });
    breaker.record('org', { status: 429, retryAfterMs: 60_000 }, breaker.admit('org', 'GET /v1/x'));
    clock = 60_000;
    breaker.record('org', { status: 200 }, breaker.admit('org', 'GET /v1/x'));
    expect(onChange.mock.calls).toEqual([
      ['org', { open: true, openUntil: 60_000, reason: 'asked', failures: 0 }],
      ['org', { open: false }],
    ]);
  });
});

describe.skipIf(!available)('a breaker shared through PostgreSQL', () => {
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

  it('pauses the other instance when the upstream asks one to wait, and resumes it when a probe succeeds', async () => {
    const start = Date.parse('2026-11-24T14:00:00Z');
    let clock = start;
    const errors: unknown[] = [];
    const onA = createSharedBreaker(
      () => a.notifications,
      (e) => errors.push(e),
      { now: () => clock },
    );
    // B's clock stays inside the pause: B can never send a probe of its own, so asking it is harmless,
    // and a call it admits shows it took the end of the pause from A.
    const onB = createSharedBreaker(
      () => b.notifications,
      (e) => errors.push(e),
      { now: () => start },
    );
    // LISTEN starts asynchronously: until B hears the first pause, each try uses a new organization.
    let org = '';
    let attempt = 0;
    await vi.waitFor(async () => {
      org = `org-${++attempt}`;
      onA.record(org, { status: 429, retryAfterMs: 60_000 }, onA.admit(org, 'GET /v1/vehicles'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(() => onB.admit(org, 'GET /v1/vehicles')).toThrow(/asked us to wait until 14:01/);
    }, PATIENCE);
    expect(onB.admit('another-org', 'GET /v1/vehicles')).toEqual({ probe: false });

    clock += 60_000;
    onA.record(org, { status: 200 }, onA.admit(org, 'GET /v1/vehicles'));
    // B takes the end of the pause from A's probe. (Counting B's paused organizations cannot show
    // it: the pause of an earlier try may reach B late and add one.)
    await vi.waitFor(() => expect(onB.admit(org, 'GET /v1/vehicles')).toEqual({ probe: false }), PATIENCE);
    expect(errors).toEqual([]);
  });

  it('ignores a message that does not parse, reporting it', async () => {
    const errors: unknown[] = [];
    const onB = createSharedBreaker(
      () => b.notifications,
      (e) => errors.push(e),
    );
    onB.admit('org', 'GET /v1/vehicles'); // the first use subscribes
    await vi.waitFor(async () => {
      await a.notifications!.notify('motorpool_breaker', '{"from":"x","key":"org","change":{"open":true}}');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(errors.length).toBeGreaterThan(0);
    }, PATIENCE);
    expect(onB.admit('org', 'GET /v1/vehicles')).toEqual({ probe: false });
  });
});
