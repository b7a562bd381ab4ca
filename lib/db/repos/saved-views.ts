import 'server-only';
import { and, asc, count, eq, or } from 'drizzle-orm';
import type { Db } from '../index';
import { savedViews, users, type SavedView } from '../schema';

export type SavedViewRow = SavedView & { ownerEmail: string | null };

const columns = {
  id: savedViews.id,
  organizationId: savedViews.organizationId,
  ownerId: savedViews.ownerId,
  name: savedViews.name,
  shared: savedViews.shared,
  query: savedViews.query,
  createdAt: savedViews.createdAt,
  updatedAt: savedViews.updatedAt,
  ownerEmail: users.email,
};

/** The views a member sees: their own and every shared one, by name. */
export async function listVisibleViews(db: Db, organizationId: string, userId: string): Promise<SavedViewRow[]> {
  return db
    .select(columns)
    .from(savedViews)
    .leftJoin(users, eq(users.id, savedViews.ownerId))
    .where(and(eq(savedViews.organizationId, organizationId), or(eq(savedViews.shared, true), eq(savedViews.ownerId, userId))))
    .orderBy(asc(savedViews.name), asc(savedViews.id));
}

/** One view of the organization, whoever owns it (the caller decides who may see it). */
export async function findView(db: Db, organizationId: string, id: string): Promise<SavedViewRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(savedViews)
    .leftJoin(users, eq(users.id, savedViews.ownerId))
    .where(and(eq(savedViews.organizationId, organizationId), eq(savedViews.id, id)));
  return row;
}

export async function countOwnViews(db: Db, organizationId: string, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedViews)
    .where(and(eq(savedViews.organizationId, organizationId), eq(savedViews.ownerId, ownerId)));
  return row?.n ?? 0;
}

export async function insertView(
  db: Db,
  input: { organizationId: string; ownerId: string; name: string; shared: boolean; query: Record<string, string> },
): Promise<SavedView> {
  const [row] = await db.insert(savedViews).values(input).returning();
  return row;
}

export async function updateViewRow(
  db: Db,
  organizationId: string,
  id: string,
  changes: { name?: string; shared?: boolean; query?: Record<string, string> },
): Promise<SavedView | undefined> {
  const [row] = await db
    .update(savedViews)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(savedViews.organizationId, organizationId), eq(savedViews.id, id)))
    .returning();
  return row;
}

export async function deleteViewRow(db: Db, organizationId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedViews)
    .where(and(eq(savedViews.organizationId, organizationId), eq(savedViews.id, id)))
    .returning({ id: savedViews.id });
  return rows.length > 0;
}
