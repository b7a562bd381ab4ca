import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../index';
import { RepositoryError } from '../errors';
import { revokedSessions, users } from '../schema';

/** What the database says about a session: the user's current version, a disable, a sign-out. */
export type SessionState = { sessionVersion: number; disabledAt: Date | null; revoked: boolean };

/** `exists(…)` of a revoked session id: one primary-key probe, folded into the access query. */
export const sessionRevoked = (sid: string) =>
  sql<boolean>`exists (select 1 from ${revokedSessions} where ${revokedSessions.sid} = ${sid})`.mapWith(Boolean);

/**
 * Records a signed-out session as ended until it would have expired anyway, and prunes the
 * entries past that point (the index on expires_at keeps the prune cheap).
 */
export async function revokeSession(
  db: Db,
  input: { sid: string; userId: string | null; expiresAt: Date },
  now = new Date(),
): Promise<void> {
  await db.insert(revokedSessions).values(input).onConflictDoNothing();
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, now));
}

/** Ends every session of the user (each token carries the version it was issued under). */
export async function bumpSessionVersion(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  if (!row) throw new RepositoryError('NOT_FOUND', 'No such user.');
  return row.sessionVersion;
}

/** The state of one session, for requests outside an organization (one query). */
export async function getSessionState(
  db: Db,
  userId: string,
  sid: string,
): Promise<(SessionState & { user: { id: string; email: string; name: string | null } }) | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      sessionVersion: users.sessionVersion,
      disabledAt: users.disabledAt,
      revoked: sessionRevoked(sid),
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  return {
    user: { id: row.id, email: row.email, name: row.name || null },
    sessionVersion: row.sessionVersion,
    disabledAt: row.disabledAt,
    revoked: row.revoked,
  };
}

/** The user's current session version, for a token being issued; undefined for a disabled or missing user. */
export async function sessionVersionForSignIn(db: Db, userId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ sessionVersion: users.sessionVersion })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.disabledAt} is null`))
    .limit(1);
  return row?.sessionVersion;
}

/** An operator's disable (or re-enable): a disabled user cannot sign in and every session ends. */
export async function setUserDisabled(db: Db, email: string, disabled: boolean): Promise<{ id: string } | undefined> {
  const [row] = await db
    .update(users)
    .set({ disabledAt: disabled ? new Date() : null, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return row;
}
