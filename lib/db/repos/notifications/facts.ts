import 'server-only';
import { and, desc, eq, gte, max, sql } from 'drizzle-orm';
import type { Db } from '../../index';
import { unknownOutcomeRow } from '../bulk-jobs';
import { bulkJobItems, bulkJobs, vehicleSnapshots, webhookEvents, type PushedAlert } from '../../schema';

/**
 * What the periodic rules read: Motorpool's own records (the fleet snapshot, received events,
 * bulk jobs), never the upstream.
 */
export type VehicleFacts = {
  vehicleId: string;
  /** The later of the vehicle list's `lastSeenAt` and the last pushed reading; null: never reported. */
  lastReportAt: Date | null;
  connectionStatus: string | null;
  pushedAlerts: Record<string, PushedAlert> | null;
};

export async function listVehicleFacts(db: Db, organizationId: string): Promise<VehicleFacts[]> {
  const rows = await db
    .select({
      vehicleId: vehicleSnapshots.vehicleId,
      lastSeenAt: vehicleSnapshots.lastSeenAt,
      pushedAt: vehicleSnapshots.pushedAt,
      connectionStatus: vehicleSnapshots.connectionStatus,
      pushedAlerts: vehicleSnapshots.pushedAlerts,
    })
    .from(vehicleSnapshots)
    .where(eq(vehicleSnapshots.organizationId, organizationId))
    .orderBy(vehicleSnapshots.vehicleId);
  return rows.map(({ lastSeenAt, pushedAt, ...rest }) => ({
    ...rest,
    lastReportAt: lastSeenAt && pushedAt ? (lastSeenAt > pushedAt ? lastSeenAt : pushedAt) : (lastSeenAt ?? pushedAt),
  }));
}

/** When the organization last received a pushed event; null: it never has (events are not set up). */
export async function lastEventReceivedAt(db: Db, organizationId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(webhookEvents.receivedAt) })
    .from(webhookEvents)
    .where(eq(webhookEvents.organizationId, organizationId));
  return row?.at ?? null;
}

export type FinishedBulkJob = { id: string; action: string; createdBy: string | null; failed: number; unknown: number; total: number };

/**
 * Jobs finished since `since` that left failed rows: how many failed, and how many of those have
 * an unknown outcome (`unknownReasonEnd`, the bulk domain's words; see countBulkItems), counted apart.
 */
export async function listBulkJobsFinishedWithFailures(
  db: Db,
  organizationId: string,
  since: Date,
  unknownReasonEnd: string,
): Promise<FinishedBulkJob[]> {
  const unknown = unknownOutcomeRow(unknownReasonEnd);
  return db
    .select({
      id: bulkJobs.id,
      action: bulkJobs.action,
      createdBy: bulkJobs.createdBy,
      total: bulkJobs.total,
      failed: sql<number>`(count(*) filter (where not ${unknown}))::int`,
      unknown: sql<number>`(count(*) filter (where ${unknown}))::int`,
    })
    .from(bulkJobs)
    .innerJoin(bulkJobItems, and(eq(bulkJobItems.jobId, bulkJobs.id), eq(bulkJobItems.outcome, 'failed')))
    .where(and(eq(bulkJobs.organizationId, organizationId), eq(bulkJobs.status, 'done'), gte(bulkJobs.finishedAt, since)))
    .groupBy(bulkJobs.id)
    .orderBy(desc(bulkJobs.finishedAt), sql`${bulkJobs.id}`);
}
