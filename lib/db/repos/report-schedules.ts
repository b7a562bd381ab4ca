import 'server-only';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../index';
import { reportSchedules, type ReportSchedule } from '../schema';

export type NewReportSchedule = Pick<ReportSchedule, 'organizationId' | 'createdBy' | 'frequency' | 'scope' | 'recipientIds' | 'nextRunAt'>;

export async function insertReportSchedule(db: Db, values: NewReportSchedule): Promise<ReportSchedule> {
  const [row] = await db.insert(reportSchedules).values(values).returning();
  return row;
}

export async function listReportSchedules(db: Db, organizationId: string): Promise<ReportSchedule[]> {
  return db
    .select()
    .from(reportSchedules)
    .where(eq(reportSchedules.organizationId, organizationId))
    .orderBy(asc(reportSchedules.createdAt), asc(reportSchedules.id));
}

/** Removes the organization's schedule; returns it, or undefined when there was none. */
export async function deleteReportSchedule(db: Db, organizationId: string, id: string): Promise<ReportSchedule | undefined> {
  const [row] = await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.organizationId, organizationId), eq(reportSchedules.id, id)))
    .returning();
  return row;
}

/** Every organization's schedules due at `now`, the longest waiting first. */
export async function listDueReportSchedules(db: Db, now: Date, limit = 100): Promise<ReportSchedule[]> {
  return db.select().from(reportSchedules).where(lte(reportSchedules.nextRunAt, now)).orderBy(asc(reportSchedules.nextRunAt)).limit(limit);
}

/**
 * Takes a due run: moves `nextRunAt` on from the value read, only if it is still that value, so one
 * caller of any number wins it. Returns whether this caller did.
 */
export async function claimReportRun(db: Db, schedule: Pick<ReportSchedule, 'id' | 'nextRunAt'>, nextRunAt: Date): Promise<boolean> {
  const claimed = await db
    .update(reportSchedules)
    .set({ nextRunAt })
    .where(and(eq(reportSchedules.id, schedule.id), eq(reportSchedules.nextRunAt, schedule.nextRunAt)))
    .returning({ id: reportSchedules.id });
  return claimed.length > 0;
}

export async function markReportSent(db: Db, id: string, periodKey: string, at: Date): Promise<void> {
  await db.update(reportSchedules).set({ lastSentAt: at, lastPeriodKey: periodKey }).where(eq(reportSchedules.id, id));
}

/** The organization's schedule, or undefined when it has none of that id. */
export async function findReportSchedule(db: Db, organizationId: string, id: string): Promise<ReportSchedule | undefined> {
  const [row] = await db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.organizationId, organizationId), eq(reportSchedules.id, id)));
  return row;
}

/** Takes one member off the organization's schedule's recipients (no change when not on it); undefined when there is no such schedule. */
export async function removeReportRecipient(
  db: Db,
  organizationId: string,
  id: string,
  userId: string,
): Promise<ReportSchedule | undefined> {
  const [row] = await db
    .update(reportSchedules)
    .set({ recipientIds: sql`${reportSchedules.recipientIds} - ${userId}::text` })
    .where(and(eq(reportSchedules.organizationId, organizationId), eq(reportSchedules.id, id)))
    .returning();
  return row;
}
