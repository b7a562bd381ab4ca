import 'server-only';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../index';
import { notificationConditions } from '../../schema';

export type ConditionKey = { ruleId: string; subject: string; condition: string };

/**
 * Records that a condition holds. True only for the caller that opened it (new, or back after it
 * cleared): that caller tells; every other caller, on this instance or another, does not.
 */
export async function openCondition(db: Db, key: ConditionKey, now: Date): Promise<boolean> {
  const rows = await db
    .insert(notificationConditions)
    .values({ ...key, openedAt: now })
    .onConflictDoUpdate({
      target: [notificationConditions.ruleId, notificationConditions.subject, notificationConditions.condition],
      set: { openedAt: now, clearedAt: null },
      setWhere: isNotNull(notificationConditions.clearedAt),
    })
    .returning({ ruleId: notificationConditions.ruleId });
  return rows.length > 0;
}

/** Records that a condition is over. True only for the caller that closed an open one. */
export async function clearCondition(db: Db, key: ConditionKey, now: Date): Promise<boolean> {
  const rows = await db
    .update(notificationConditions)
    .set({ clearedAt: now })
    .where(
      and(
        eq(notificationConditions.ruleId, key.ruleId),
        eq(notificationConditions.subject, key.subject),
        eq(notificationConditions.condition, key.condition),
        isNull(notificationConditions.clearedAt),
      ),
    )
    .returning({ ruleId: notificationConditions.ruleId });
  return rows.length > 0;
}

/** The rule's conditions still open (what a periodic pass checks for clearing). */
export async function listOpenConditions(db: Db, ruleId: string): Promise<ConditionKey[]> {
  return db
    .select({ ruleId: notificationConditions.ruleId, subject: notificationConditions.subject, condition: notificationConditions.condition })
    .from(notificationConditions)
    .where(and(eq(notificationConditions.ruleId, ruleId), isNull(notificationConditions.clearedAt)))
    .orderBy(sql`${notificationConditions.subject}`);
}
