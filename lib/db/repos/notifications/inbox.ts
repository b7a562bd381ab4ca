import 'server-only';
import { and, count, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../index';
import { notifications, type Notification } from '../../schema';

export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'readAt' | 'createdAt'>;

export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<Notification[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

export async function setEmailStatus(db: Db, id: string, status: 'sent' | 'failed'): Promise<void> {
  await db.update(notifications).set({ emailStatus: status }).where(eq(notifications.id, id));
}

/** One member's inbox, newest first, a page at a time (`before`: the last id of the page before). */
export async function listInbox(
  db: Db,
  organizationId: string,
  userId: string,
  options: { limit: number; unreadOnly?: boolean; before?: { createdAt: Date; id: string } },
): Promise<Notification[]> {
  const { before } = options;
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.organizationId, organizationId),
        eq(notifications.userId, userId),
        options.unreadOnly ? isNull(notifications.readAt) : undefined,
        before
          ? or(
              lt(notifications.createdAt, before.createdAt),
              and(eq(notifications.createdAt, before.createdAt), lt(notifications.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
}

export async function countUnread(db: Db, organizationId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.organizationId, organizationId), eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the member's own entries read: these ids, or every unread one. Returns how many changed. */
export async function markRead(db: Db, organizationId: string, userId: string, ids: string[] | 'all', now = new Date()): Promise<number> {
  if (ids !== 'all' && ids.length === 0) return 0;
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.organizationId, organizationId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === 'all' ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
