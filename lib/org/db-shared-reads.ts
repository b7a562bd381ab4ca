import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Notifications } from '@/lib/db';
import { sharedReads } from '@/lib/db/schema';
import { forgetSharedReads, pruneSharedReads, sharedReadAgeBound as ageBound } from '@/lib/db/repos/shared-reads';
import type { SharedBody, SharedReadOptions, SharedReadStore } from '@/lib/vehicle-api/shared-reads';

const CHANNEL = 'motorpool_shared_read';
/** A stored read is deleted this long after it was taken (the longest freshness window is a minute). */
export const SHARED_READ_RETENTION_MS = 5 * 60_000;
const PRUNE_EVERY_MS = 60_000;
/** A waiter looks at the row this often even when no notification comes (one may be lost). */
const DEFAULT_POLL_MS = 250;
/** A waiter keeps at least this much of its deadline for a call of its own, should the holder fail. */
const OWN_CALL_RESERVE_MS = 1_000;

export interface DbSharedReadsOptions {
  organizationId: string;
  /** Asked at each read: sharing is for PostgreSQL, where instances share the database (PGlite is one process). */
  enabled?: () => boolean;
  /** Wakes waiters as soon as the lease holder stored its body or gave up; polling covers a lost message. */
  notifications?: () => Notifications | undefined;
  /** How long a lease holds: the longest one upstream call may take (the client's deadline). */
  leaseMs: number;
  /** The longest a read waits for another instance's call before asking the upstream itself. */
  maxWaitMs?: number;
  pollMs?: number;
  /** A database failure: the read goes on without sharing, never fails because of it. */
  onError?: (error: unknown) => void;
}

type Wake = () => void;
/** Waiters of this process by `org:key`, woken by the one listener per notifications channel. */
const WAITERS_KEY = Symbol.for('motorpool.sharedReadWaiters');
type Waiters = { listening: WeakSet<Notifications>; byKey: Map<string, Set<Wake>>; prunedAt: number };
const waiters = ((globalThis as typeof globalThis & { [WAITERS_KEY]?: Waiters })[WAITERS_KEY] ??= {
  listening: new WeakSet(),
  byKey: new Map(),
  prunedAt: 0,
});

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url');
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Vehicle section reads shared by the instances on one PostgreSQL (single-flight through the
 * database): a body stored within the freshness window answers; otherwise one instance takes the
 * key's lease and calls the upstream while the others wait for its body (woken by NOTIFY, or by
 * polling), instead of each calling. No connection is held during the upstream call. Only a
 * successful body is stored: after a failure the lease is given back and each waiter asks the
 * upstream itself, as it would without sharing. A forced read (a person's "refresh") always asks
 * the upstream and stores what it got. One store per organization: every row is the organization's.
 */
export class DbSharedReads implements SharedReadStore {
  private readonly owner = randomUUID();

  constructor(
    private readonly db: Db | (() => Db),
    private readonly options: DbSharedReadsOptions,
  ) {}

  private get database(): Db {
    return typeof this.db === 'function' ? this.db() : this.db;
  }

  enabled(): boolean {
    return this.options.enabled?.() ?? true;
  }

  async forget(vehicleId?: string): Promise<void> {
    if (!this.enabled()) return;
    await forgetSharedReads(this.database, this.options.organizationId, vehicleId).catch((error: unknown) => this.failed(error));
  }

  private failed(error: unknown): undefined {
    this.options.onError?.(error);
    return undefined;
  }

  private forKey(key: string) {
    return and(eq(sharedReads.organizationId, this.options.organizationId), eq(sharedReads.key, key));
  }

  async read(
    { key, vehicleId }: { key: string; vehicleId?: string },
    options: SharedReadOptions,
    load: () => Promise<SharedBody>,
  ): Promise<SharedBody & { shared: boolean }> {
    // Bodies are vehicle data: the token endpoint's answer is never stored, whoever asks.
    if (!this.enabled() || key.includes('/oauth2/')) return { ...(await load()), shared: false };
    const hashed = hashKey(key);
    const vehicle = vehicleId ?? null;
    let leased = false;
    if (!options.force) {
      const stored = await this.fresh(hashed, options.maxAgeMs).catch((error: unknown) => this.failed(error));
      if (stored) return { ...stored, shared: true };
      leased = await this.claim(hashed, vehicle, options.maxAgeMs).catch((error: unknown) => this.failed(error) ?? false);
      if (!leased) {
        const waited = await this.waitFor(hashed, options).catch((error: unknown) => this.failed(error));
        if (waited) return { ...waited, shared: true };
      }
    }
    let body: SharedBody;
    try {
      body = await load();
    } catch (error) {
      // A failure is never stored: the lease is given back, and whoever waits asks for itself.
      if (leased) await this.release(hashed).catch((e: unknown) => this.failed(e));
      throw error;
    }
    await this.store(hashed, vehicle, body, leased).catch((error: unknown) => this.failed(error));
    return { ...body, shared: false };
  }

  /** The stored body when it was read within `maxAgeMs` (on the database's clock). */
  private async fresh(key: string, maxAgeMs: number): Promise<SharedBody | undefined> {
    const [row] = await this.database
      .select({ status: sharedReads.status, body: sharedReads.body, requestId: sharedReads.upstreamRequestId })
      .from(sharedReads)
      .where(and(this.forKey(key), sql`${sharedReads.fetchedAt} >= ${ageBound(maxAgeMs)}`))
      .limit(1);
    return row && row.status !== null ? bodyOf(row) : undefined;
  }

  /** Takes the key's lease unless another instance holds a live one or a fresh body is stored. */
  private async claim(key: string, vehicleId: string | null, maxAgeMs: number): Promise<boolean> {
    const until = sql`clock_timestamp() + make_interval(secs => ${this.options.leaseMs / 1000})`;
    const rows = await this.database
      .insert(sharedReads)
      .values({ organizationId: this.options.organizationId, key, vehicleId, leaseOwner: this.owner, leaseUntil: until })
      .onConflictDoUpdate({
        target: [sharedReads.organizationId, sharedReads.key],
        set: { leaseOwner: this.owner, leaseUntil: until },
        setWhere: and(
          or(isNull(sharedReads.leaseUntil), lt(sharedReads.leaseUntil, sql`clock_timestamp()`)),
          or(isNull(sharedReads.fetchedAt), lt(sharedReads.fetchedAt, ageBound(maxAgeMs))),
        ),
      })
      .returning({ owner: sharedReads.leaseOwner });
    return rows.length > 0;
  }

  /**
   * Waits for the lease holder's body: until it is stored (fresh), the lease ends without one
   * (the holder failed, or its lease ran out), `maxWaitMs` passes, or too little of the caller's
   * deadline is left for a call of its own. Undefined: no body to share, ask the upstream.
   */
  private async waitFor(key: string, options: SharedReadOptions): Promise<SharedBody | undefined> {
    const until = Math.min(performance.now() + (this.options.maxWaitMs ?? 5_000), options.deadline.at - OWN_CALL_RESERVE_MS);
    const pollMs = this.options.pollMs ?? DEFAULT_POLL_MS;
    const name = `${this.options.organizationId}:${key}`;
    let wake: Wake = () => {};
    let woken = false;
    const onWake: Wake = () => {
      woken = true;
      wake();
    };
    this.listen();
    let set = waiters.byKey.get(name);
    if (!set) waiters.byKey.set(name, (set = new Set()));
    set.add(onWake);
    try {
      for (;;) {
        const [row] = await this.database
          .select({
            status: sharedReads.status,
            body: sharedReads.body,
            requestId: sharedReads.upstreamRequestId,
            fresh: sql<boolean>`coalesce(${sharedReads.fetchedAt} >= ${ageBound(options.maxAgeMs)}, false)`,
            leased: sql<boolean>`coalesce(${sharedReads.leaseUntil} > clock_timestamp(), false)`,
          })
          .from(sharedReads)
          .where(this.forKey(key))
          .limit(1);
        if (row?.fresh && row.status !== null) return bodyOf(row);
        if (!row?.leased) return undefined;
        const left = until - performance.now();
        if (left <= 0) return undefined;
        if (!woken)
          await new Promise<void>((resolve) => {
            wake = resolve;
            void sleep(Math.min(pollMs, left)).then(resolve);
          });
        woken = false;
      }
    } finally {
      set.delete(onWake);
      if (set.size === 0 && waiters.byKey.get(name) === set) waiters.byKey.delete(name);
    }
  }

  private async release(key: string): Promise<void> {
    await this.database
      .update(sharedReads)
      .set({ leaseOwner: null, leaseUntil: null })
      .where(and(this.forKey(key), eq(sharedReads.leaseOwner, this.owner)));
    await this.announce(key);
  }

  /**
   * Stores a successful body. Under a lease, only while the lease is still this read's (a write
   * to the vehicle meanwhile removed it: the body may predate the write), and the lease ends.
   */
  private async store(key: string, vehicleId: string | null, body: SharedBody, leased: boolean): Promise<void> {
    const values = { status: body.status, body: body.raw, upstreamRequestId: body.requestId ?? null, fetchedAt: sql`clock_timestamp()` };
    if (leased)
      await this.database
        .update(sharedReads)
        .set({ ...values, leaseOwner: null, leaseUntil: null })
        .where(and(this.forKey(key), eq(sharedReads.leaseOwner, this.owner)));
    else
      await this.database
        .insert(sharedReads)
        .values({ organizationId: this.options.organizationId, key, vehicleId, ...values })
        .onConflictDoUpdate({ target: [sharedReads.organizationId, sharedReads.key], set: values });
    await this.announce(key);
    await this.prune();
  }

  private async announce(key: string): Promise<void> {
    await this.options.notifications?.()?.notify(CHANNEL, `${this.options.organizationId}:${key}`);
  }

  private listen(): void {
    const channel = this.options.notifications?.();
    if (!channel || waiters.listening.has(channel)) return;
    waiters.listening.add(channel);
    channel
      .listen(CHANNEL, (payload) => {
        for (const wake of waiters.byKey.get(payload) ?? []) wake();
      })
      .catch((error: unknown) => {
        waiters.listening.delete(channel);
        this.failed(error);
      });
  }

  /** Deletes reads past their retention, at most once a minute per process (every organization's). */
  private async prune(): Promise<void> {
    const now = Date.now();
    if (now - waiters.prunedAt < PRUNE_EVERY_MS) return;
    waiters.prunedAt = now;
    await pruneSharedReads(this.database, SHARED_READ_RETENTION_MS);
  }
}

function bodyOf(row: { status: number | null; body: unknown; requestId: string | null }): SharedBody {
  return { status: row.status ?? 200, raw: row.body, ...(row.requestId ? { requestId: row.requestId } : {}) };
}
