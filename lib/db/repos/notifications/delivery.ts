import 'server-only';
import { and, asc, eq, inArray, isNull, lte, min } from 'drizzle-orm';
import type { Db } from '../../index';
import { notificationHeldMails, notificationPreferences, type NotificationHeldMail, type NotificationPreferencesRow } from '../../schema';

export type DeliveryPreferencesInput = Omit<NotificationPreferencesRow, 'userId' | 'updatedAt'>;

export async function getDeliveryPreferences(db: Db, userId: string): Promise<NotificationPreferencesRow | undefined> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row;
}

/** The stored choices of these members; a member without a row mails everything at once. */
export async function listDeliveryPreferences(db: Db, userIds: readonly string[]): Promise<Map<string, NotificationPreferencesRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row]));
}

export async function saveDeliveryPreferences(
  db: Db,
  userId: string,
  input: DeliveryPreferencesInput,
): Promise<NotificationPreferencesRow> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...input })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...input, updatedAt: new Date() } })
    .returning();
  return row;
}

export type NewHeldMail = Omit<typeof notificationHeldMails.$inferInsert, 'id' | 'sentAt'>;

export async function holdMails(db: Db, rows: NewHeldMail[]): Promise<void> {
  if (rows.length > 0) await db.insert(notificationHeldMails).values(rows);
}

/** Each member with mail waiting, with when the oldest of it was held. */
export async function listMembersWithHeldMail(db: Db): Promise<{ userId: string; oldestHeldAt: Date }[]> {
  const rows = await db
    .select({ userId: notificationHeldMails.userId, oldestHeldAt: min(notificationHeldMails.heldAt) })
    .from(notificationHeldMails)
    .where(isNull(notificationHeldMails.sentAt))
    .groupBy(notificationHeldMails.userId)
    .orderBy(asc(notificationHeldMails.userId));
  return rows.flatMap((row) => (row.oldestHeldAt ? [{ userId: row.userId, oldestHeldAt: row.oldestHeldAt }] : []));
}

/**
 * Takes a member's mail held up to `upTo` for one digest: marks it sent and returns it. Only one
 * caller gets each row, so two passes never mail the same item twice.
 */
export async function claimHeldMails(db: Db, userId: string, upTo: Date, now: Date): Promise<NotificationHeldMail[]> {
  return db
    .update(notificationHeldMails)
    .set({ sentAt: now })
    .where(and(eq(notificationHeldMails.userId, userId), isNull(notificationHeldMails.sentAt), lte(notificationHeldMails.heldAt, upTo)))
    .returning();
}

/** Gives claimed rows back (the digest could not be sent): the next pass tries again. */
export async function releaseHeldMails(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await db
      .update(notificationHeldMails)
      .set({ sentAt: null })
      .where(inArray(notificationHeldMails.id, [...ids]));
}
