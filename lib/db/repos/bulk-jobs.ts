import 'server-only';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../index';
import {
  bulkJobItems,
  bulkJobs,
  type BulkAction,
  type BulkItemOutcome,
  type BulkJob,
  type BulkJobItem,
  type BulkJobStatus,
} from '../schema';

type NewJob = {
  organizationId: string;
  createdBy: string | null;
  createdByEmail: string | null;
  action: BulkAction;
  args: Record<string, unknown> | null;
  selection: Record<string, unknown>;
  vehicleIds: string[];
};

const INSERT_CHUNK = 500;

/** The job and one pending item per vehicle, in one transaction: nothing runs before all are recorded. */
export async function createBulkJob(db: Db, input: NewJob): Promise<BulkJob> {
  const ids = [...new Set(input.vehicleIds)];
  return db.transaction(async (tx) => {
    const [job] = await tx
      .insert(bulkJobs)
      .values({
        organizationId: input.organizationId,
        createdBy: input.createdBy,
        createdByEmail: input.createdByEmail,
        action: input.action,
        args: input.args,
        selection: input.selection,
        total: ids.length,
      })
      .returning();
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      await tx
        .insert(bulkJobItems)
        .values(ids.slice(i, i + INSERT_CHUNK).map((vehicleId, k) => ({ jobId: job!.id, vehicleId, position: i + k })));
    }
    return job!;
  });
}

export async function getBulkJob(db: Db, organizationId: string, jobId: string): Promise<BulkJob | undefined> {
  const [job] = await db
    .select()
    .from(bulkJobs)
    .where(and(eq(bulkJobs.organizationId, organizationId), eq(bulkJobs.id, jobId)));
  return job;
}

export type BulkCounts = Record<BulkItemOutcome, number>;

export async function countBulkItems(db: Db, jobId: string): Promise<BulkCounts> {
  const rows = await db
    .select({ outcome: bulkJobItems.outcome, n: sql<number>`count(*)::int` })
    .from(bulkJobItems)
    .where(eq(bulkJobItems.jobId, jobId))
    .groupBy(bulkJobItems.outcome);
  const counts: BulkCounts = { pending: 0, done: 0, skipped: 0, failed: 0 };
  for (const row of rows) counts[row.outcome] = row.n;
  return counts;
}

/** Items in the order they were chosen; `limit` 1 to 10,000. */
export async function listBulkItems(
  db: Db,
  jobId: string,
  options: { limit?: number; pendingOnly?: boolean } = {},
): Promise<BulkJobItem[]> {
  const limit = Math.min(Math.max(options.limit ?? 10_000, 1), 10_000);
  return db
    .select()
    .from(bulkJobItems)
    .where(and(eq(bulkJobItems.jobId, jobId), options.pendingOnly ? eq(bulkJobItems.outcome, 'pending') : undefined))
    .orderBy(asc(bulkJobItems.position))
    .limit(limit);
}

/**
 * The one instance that may work on a running job: a conditional update on an expired (or its
 * own) lease. Several instances, or a restarted one, never work on one job at once.
 */
export async function claimBulkJob(db: Db, owner: string, now: Date, leaseMs: number): Promise<BulkJob | undefined> {
  const [candidate] = await db
    .select({ id: bulkJobs.id })
    .from(bulkJobs)
    .where(
      and(eq(bulkJobs.status, 'running'), or(isNull(bulkJobs.leaseUntil), lt(bulkJobs.leaseUntil, now), eq(bulkJobs.leaseOwner, owner))),
    )
    // The least recently worked job first: a job only waiting on command outcomes does not starve the others.
    .orderBy(asc(bulkJobs.updatedAt))
    .limit(1);
  if (!candidate) return undefined;
  const [claimed] = await db
    .update(bulkJobs)
    .set({ leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(
      and(
        eq(bulkJobs.id, candidate.id),
        eq(bulkJobs.status, 'running'),
        or(isNull(bulkJobs.leaseUntil), lt(bulkJobs.leaseUntil, now), eq(bulkJobs.leaseOwner, owner)),
      ),
    )
    .returning();
  return claimed;
}

/** Extends the lease while the holder works; false when it lost it or the job stopped running. */
export async function renewBulkLease(db: Db, jobId: string, owner: string, now: Date, leaseMs: number): Promise<BulkJob | undefined> {
  const [job] = await db
    .update(bulkJobs)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where(and(eq(bulkJobs.id, jobId), eq(bulkJobs.leaseOwner, owner), eq(bulkJobs.status, 'running')))
    .returning();
  return job;
}

export async function releaseBulkLease(db: Db, jobId: string, owner: string): Promise<void> {
  await db
    .update(bulkJobs)
    .set({ leaseOwner: null, leaseUntil: null, updatedAt: new Date() })
    .where(and(eq(bulkJobs.id, jobId), eq(bulkJobs.leaseOwner, owner)));
}

/** A command's execution record, tied to its pending item once (the item then follows it). */
export async function attachBulkExecution(db: Db, jobId: string, vehicleId: string, executionId: string): Promise<void> {
  await db
    .update(bulkJobItems)
    .set({ executionId })
    .where(and(eq(bulkJobItems.jobId, jobId), eq(bulkJobItems.vehicleId, vehicleId), eq(bulkJobItems.outcome, 'pending')));
}

/** A send refused for certain before reaching the vehicle: the next attempt uses a new key. */
export async function countBulkAttempt(db: Db, jobId: string, vehicleId: string): Promise<void> {
  await db
    .update(bulkJobItems)
    .set({ attempts: sql`${bulkJobItems.attempts} + 1` })
    .where(and(eq(bulkJobItems.jobId, jobId), eq(bulkJobItems.vehicleId, vehicleId), eq(bulkJobItems.outcome, 'pending')));
}

/** Writes an item's outcome once: false when it was already decided (a repeat does nothing). */
export async function settleBulkItem(
  db: Db,
  jobId: string,
  vehicleId: string,
  outcome: Exclude<BulkItemOutcome, 'pending'>,
  details: { reason?: string | null; upstreamRequestId?: string | null } = {},
): Promise<boolean> {
  const rows = await db
    .update(bulkJobItems)
    .set({ outcome, reason: details.reason ?? null, upstreamRequestId: details.upstreamRequestId ?? null, finishedAt: new Date() })
    .where(and(eq(bulkJobItems.jobId, jobId), eq(bulkJobItems.vehicleId, vehicleId), eq(bulkJobItems.outcome, 'pending')))
    .returning({ vehicleId: bulkJobItems.vehicleId });
  return rows.length === 1;
}

/** Moves a job between running and paused, or to cancelled (then its pending items are skipped) or done. */
export async function setBulkJobStatus(db: Db, jobId: string, from: BulkJobStatus[], to: BulkJobStatus): Promise<BulkJob | undefined> {
  const finished = to === 'done' || to === 'cancelled';
  const [job] = await db
    .update(bulkJobs)
    .set({ status: to, updatedAt: new Date(), ...(finished ? { finishedAt: new Date(), leaseOwner: null, leaseUntil: null } : {}) })
    .where(
      and(
        eq(bulkJobs.id, jobId),
        sql`${bulkJobs.status} in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      ),
    )
    .returning();
  if (job && to === 'cancelled') {
    await db
      .update(bulkJobItems)
      .set({ outcome: 'skipped', reason: 'The job was cancelled before this vehicle.', finishedAt: new Date() })
      .where(and(eq(bulkJobItems.jobId, jobId), eq(bulkJobItems.outcome, 'pending')));
  }
  return job;
}
