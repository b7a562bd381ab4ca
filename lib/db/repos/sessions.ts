import 'server-only';
import { and, desc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../index';
import { RepositoryError } from '../errors';
import { revokedSessions, userSessions, users, type UserSession } from '../schema';

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
  await db.delete(userSessions).where(eq(userSessions.sid, input.sid));
  await db.delete(revokedSessions).where(lt(revokedSessions.expiresAt, now));
  await db.delete(userSessions).where(lt(userSessions.expiresAt, now));
}

/** Ends every session of the user (each token carries the version it was issued under). */
export async function bumpSessionVersion(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  if (!row) throw new RepositoryError('NOT_FOUND', 'No such user.');
  await forgetSessionsBefore(db, userId, row.sessionVersion);
  return row.sessionVersion;
}

/** The rows of sessions a version bump ended: they are no longer listed, and need not wait for expiry. */
async function forgetSessionsBefore(db: Db, userId: string, sessionVersion: number): Promise<void> {
  await db.delete(userSessions).where(and(eq(userSessions.userId, userId), lt(userSessions.sessionVersion, sessionVersion)));
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
    .returning({ id: users.id, sessionVersion: users.sessionVersion });
  if (!row) return undefined;
  await forgetSessionsBefore(db, row.id, row.sessionVersion);
  return { id: row.id };
}

/** A session as its owner's list shows it. */
export type LiveSession = Pick<UserSession, 'id' | 'sid' | 'userAgent' | 'ip' | 'createdAt' | 'lastSeenAt' | 'expiresAt'>;

/**
 * Records a session at sign-in (its sid, the version it was issued under, where it came from),
 * and prunes the rows of sessions that expired.
 */
export async function recordSession(
  db: Db,
  input: { sid: string; userId: string; sessionVersion: number; userAgent: string | null; ip: string | null; expiresAt: Date },
  now = new Date(),
): Promise<void> {
  await db.insert(userSessions).values({ ...input, createdAt: now, lastSeenAt: now });
  await db.delete(userSessions).where(lt(userSessions.expiresAt, now));
}

/**
 * Moves a session's last-seen time to `at`, unless it was moved within `intervalMs` already (by
 * this instance or another): at most one write a minute per session, whatever the traffic.
 */
export async function touchSession(db: Db, sid: string, at: Date, intervalMs: number): Promise<void> {
  await db
    .update(userSessions)
    .set({ lastSeenAt: at })
    .where(and(eq(userSessions.sid, sid), lte(userSessions.lastSeenAt, new Date(at.getTime() - intervalMs))));
}

/**
 * The user's sessions still open: not expired, not signed out or ended (revoked_sessions), and
 * issued under the user's current session version. Most recently seen first.
 */
export async function listLiveSessions(db: Db, userId: string, now = new Date()): Promise<LiveSession[]> {
  return db
    .select({
      id: userSessions.id,
      sid: userSessions.sid,
      userAgent: userSessions.userAgent,
      ip: userSessions.ip,
      createdAt: userSessions.createdAt,
      lastSeenAt: userSessions.lastSeenAt,
      expiresAt: userSessions.expiresAt,
    })
    .from(userSessions)
    .innerJoin(users, and(eq(users.id, userSessions.userId), eq(users.sessionVersion, userSessions.sessionVersion)))
    .where(
      and(
        eq(userSessions.userId, userId),
        gt(userSessions.expiresAt, now),
        sql`not exists (select 1 from ${revokedSessions} where ${revokedSessions.sid} = ${userSessions.sid})`,
      ),
    )
    .orderBy(desc(userSessions.lastSeenAt), desc(userSessions.createdAt));
}

/** One of the user's open sessions by its public id; undefined for another person's, an ended or an unknown one. */
export async function findLiveSession(db: Db, userId: string, id: string, now = new Date()): Promise<LiveSession | undefined> {
  return (await listLiveSessions(db, userId, now)).find((session) => session.id === id);
}
