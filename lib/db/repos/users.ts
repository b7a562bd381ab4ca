import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '@/lib/crypto/password';
import type { Db } from '../index';
import { RepositoryError } from '../errors';
import { users, type User } from '../schema';

/** A user without the password hash, safe to hand to the rest of the application. */
export type PublicUser = Omit<User, 'passwordHash'> & { hasPassword: boolean };

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toPublicUser(user: User): PublicUser {
  const { passwordHash, ...rest } = user;
  return { ...rest, hasPassword: passwordHash !== null };
}

/** `passwordHash`: a hash made earlier by hashPassword (the seed hashes the demo password once). */
export async function createUser(
  db: Db,
  input: { email: string; name?: string; password?: string; passwordHash?: string },
): Promise<PublicUser> {
  const passwordHash = input.passwordHash ?? (input.password === undefined ? null : await hashPassword(input.password));
  const [row] = await db
    .insert(users)
    .values({ email: normalizeEmail(input.email), name: input.name?.trim() ?? '', passwordHash })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new RepositoryError('EMAIL_TAKEN', 'A user with this email address exists already.');
  return toPublicUser(row);
}

/** The user with this email, created without a password when missing (an invitation). */
export async function ensureUser(db: Db, input: { email: string; name?: string }): Promise<{ user: PublicUser; created: boolean }> {
  const email = normalizeEmail(input.email);
  const [inserted] = await db
    .insert(users)
    .values({ email, name: input.name?.trim() ?? '' })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { user: toPublicUser(inserted), created: true };
  const existing = await findUserByEmail(db, email);
  if (!existing) throw new RepositoryError('CONFLICT', 'The user vanished while being created; try again.');
  return { user: existing, created: false };
}

export async function findUserByEmail(db: Db, email: string): Promise<PublicUser | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row && toPublicUser(row);
}

export async function findUserById(db: Db, id: string): Promise<PublicUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row && toPublicUser(row);
}

/**
 * The user when the password matches, else undefined. An unknown email or a user without a
 * password costs the same time as a wrong password, so timing does not reveal accounts.
 */
/** `owner`: whose check this is (a sign-in's address bucket), for the password queue's fair share. */
export async function verifyCredentials(db: Db, email: string, password: string, owner?: string): Promise<PublicUser | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  if (!row?.passwordHash) {
    await burnPasswordCheck(password, owner);
    return undefined;
  }
  if (!(await verifyPassword(password, row.passwordHash, owner))) return undefined;
  if (needsRehash(row.passwordHash)) {
    // Stored under weaker parameters than today's: re-hash now that the password is known.
    // Only if the hash is still the one checked (a concurrent password change wins).
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(and(eq(users.id, row.id), eq(users.passwordHash, row.passwordHash)));
  }
  return toPublicUser(row);
}

/**
 * Sets the password. `endSessions` also moves the session version on, ending every session of
 * the user: what a person's password change wants (a rehash of the same password does not).
 */
export async function setUserPassword(db: Db, userId: string, password: string, options: { endSessions?: boolean } = {}): Promise<void> {
  const passwordHash = await hashPassword(password);
  const updated = await db
    .update(users)
    .set({ passwordHash, ...(options.endSessions ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw new RepositoryError('NOT_FOUND', 'No such user.');
}

export async function updateUserName(db: Db, userId: string, name: string): Promise<void> {
  await db.update(users).set({ name: name.trim(), updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function getUserPreferences(db: Db, userId: string): Promise<Record<string, unknown>> {
  const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.preferences ?? {};
}

export async function setUserPreferences(db: Db, userId: string, preferences: Record<string, unknown>): Promise<void> {
  await db.update(users).set({ preferences, updatedAt: new Date() }).where(eq(users.id, userId));
}
