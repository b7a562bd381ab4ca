import 'server-only';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
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

/** A job's rows counted by outcome; `unknown`: failed rows whose command may have reached the vehicle (not in `failed`). */
export type BulkCounts = Record<BulkItemOutcome | 'unknown', number>;

const noCounts = (): BulkCounts => ({ pending: 0, done: 0, skipped: 0, failed: 0, unknown: 0 });

/** `text` as a LIKE pattern matching strings that end with it, as an SQL literal. */
function endsWithPattern(text: string) {
  const escaped = text.replaceAll('\\', '\\\\').replaceAll('%', '\\%').replaceAll('_', '\\_').replaceAll("'", "''");
  return sql.raw(`'%${escaped}'`);
}

/**
 * The row's place in the counts: its outcome, except a failed row whose reason ends with
 * `unknownReasonEnd` (the runner's words for a command whose outcome is unknown), counted apart.
 * The words are the bulk domain's: passed in. A literal, not a parameter, so that the select and
 * the GROUP BY are the same expression.
 */
const countedOutcome = (unknownReasonEnd: string) =>
  sql<BulkItemOutcome | 'unknown'>`case when ${unknownOutcomeRow(unknownReasonEnd)} then 'unknown' else ${bulkJobItems.outcome} end`;

/** Whether a row is a failed one whose outcome is unknown (see countedOutcome), as SQL. */
export const unknownOutcomeRow = (unknownReasonEnd: string) =>
  sql`(${bulkJobItems.outcome} = 'failed' and ${bulkJobItems.reason} like ${endsWithPattern(unknownReasonEnd)})`;

export async function countBulkItems(db: Db, jobId: string, unknownReasonEnd: string): Promise<BulkCounts> {
  const outcome = countedOutcome(unknownReasonEnd);
  const rows = await db
    .select({ outcome, n: sql<number>`count(*)::int` })
    .from(bulkJobItems)
    .where(eq(bulkJobItems.jobId, jobId))
    .groupBy(outcome);
  const counts = noCounts();
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

export type BulkJobFilter = {
  status?: BulkJobStatus;
  action?: BulkAction;
  /** The starter's email as recorded on the job. */
  createdByEmail?: string;
  /** Created strictly before this job (keyset paging): the last row of a page. */
  before?: { createdAt: Date; id: string };
  /** 1 to 100. */
  limit: number;
};

/** The organization's bulk jobs, newest first, each with its items counted by outcome. */
export async function listBulkJobs(
  db: Db,
  organizationId: string,
  filter: BulkJobFilter,
  unknownReasonEnd: string,
): Promise<{ job: BulkJob; counts: BulkCounts }[]> {
  const limit = Math.min(Math.max(Math.trunc(filter.limit), 1), 100);
  const jobs = await db
    .select()
    .from(bulkJobs)
    .where(
      and(
        eq(bulkJobs.organizationId, organizationId),
        filter.status ? eq(bulkJobs.status, filter.status) : undefined,
        filter.action ? eq(bulkJobs.action, filter.action) : undefined,
        filter.createdByEmail ? sql`lower(${bulkJobs.createdByEmail}) = ${filter.createdByEmail.toLowerCase()}` : undefined,
        filter.before
          ? sql`(${bulkJobs.createdAt}, ${bulkJobs.id}) < (${filter.before.createdAt.toISOString()}::timestamptz, ${filter.before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(bulkJobs.createdAt), desc(bulkJobs.id))
    .limit(limit);
  if (jobs.length === 0) return [];
  const rows = await db
    .select({ jobId: bulkJobItems.jobId, outcome: countedOutcome(unknownReasonEnd), n: sql<number>`count(*)::int` })
    .from(bulkJobItems)
    .where(
      inArray(
        bulkJobItems.jobId,
        jobs.map((j) => j.id),
      ),
    )
    .groupBy(bulkJobItems.jobId, countedOutcome(unknownReasonEnd));
  const counts = new Map<string, BulkCounts>(jobs.map((j) => [j.id, noCounts()]));
  for (const row of rows) counts.get(row.jobId)![row.outcome] = row.n;
  return jobs.map((job) => ({ job, counts: counts.get(job.id)! }));
}
