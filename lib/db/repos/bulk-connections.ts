import 'server-only';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Db } from '../index';
import { bulkConnections, type BulkConnection } from '../schema';
import { SETTLED_CHECK_STATUSES } from './eligibility-checks';

/* The service cannot list bulk connection requests; Motorpool keeps who sent which, and what came of each VIN. */

export async function recordBulkConnection(
  db: Db,
  input: {
    organizationId: string;
    createdBy: string | null;
    eligibilityCheckId: string | null;
    retryOf?: string | null;
    upstreamId: string;
    vinCount: number;
    status: string;
  },
): Promise<BulkConnection> {
  const now = new Date();
  const [row] = await db
    .insert(bulkConnections)
    .values({ ...input, retryOf: input.retryOf ?? null, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [bulkConnections.organizationId, bulkConnections.upstreamId],
      set: { status: input.status, updatedAt: now },
    })
    .returning();
  return row;
}

/** A settled request (COMPLETED, FAILED) never changes again: a late read cannot move it back. */
export async function updateBulkConnection(
  db: Db,
  organizationId: string,
  id: string,
  update: { status: string; counts?: Record<string, number>; results?: unknown[] },
): Promise<BulkConnection | undefined> {
  const [row] = await db
    .update(bulkConnections)
    .set({ ...update, updatedAt: new Date() })
    .where(
      and(
        eq(bulkConnections.organizationId, organizationId),
        eq(bulkConnections.id, id),
        notInArray(bulkConnections.status, [...SETTLED_CHECK_STATUSES]),
      ),
    )
    .returning();
  return row ?? getBulkConnectionRecord(db, organizationId, id);
}

export async function getBulkConnectionRecord(db: Db, organizationId: string, id: string): Promise<BulkConnection | undefined> {
  const [row] = await db
    .select()
    .from(bulkConnections)
    .where(and(eq(bulkConnections.organizationId, organizationId), eq(bulkConnections.id, id)));
  return row;
}

export async function listBulkConnectionsOfCheck(db: Db, organizationId: string, eligibilityCheckId: string): Promise<BulkConnection[]> {
  return db
    .select()
    .from(bulkConnections)
    .where(and(eq(bulkConnections.organizationId, organizationId), eq(bulkConnections.eligibilityCheckId, eligibilityCheckId)))
    .orderBy(asc(bulkConnections.createdAt));
}

/** The requests sent from any of these checks, oldest first. */
export async function listBulkConnectionsOfChecks(
  db: Db,
  organizationId: string,
  eligibilityCheckIds: readonly string[],
): Promise<BulkConnection[]> {
  if (eligibilityCheckIds.length === 0) return [];
  return db
    .select()
    .from(bulkConnections)
    .where(and(eq(bulkConnections.organizationId, organizationId), inArray(bulkConnections.eligibilityCheckId, [...eligibilityCheckIds])))
    .orderBy(asc(bulkConnections.createdAt));
}

export async function findRetryOf(db: Db, organizationId: string, retryOf: string): Promise<BulkConnection | undefined> {
  const [row] = await db
    .select()
    .from(bulkConnections)
    .where(and(eq(bulkConnections.organizationId, organizationId), eq(bulkConnections.retryOf, retryOf)))
    .limit(1);
  return row;
}
