import 'server-only';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../index';
import { passkeys, users, webauthnChallenges } from '../schema';

export type ChallengePurpose = 'register' | 'sign_in';

export interface StoredPasskey {
  id: string;
  userId: string;
  name: string;
  publicKey: string;
  counter: number;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** `exists(…)` of a passkey of the user in the query, folded into the access query. */
export const hasPasskeySql = () => sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})`.mapWith(Boolean);

/** Keeps a challenge until `expiresAt`; challenges already past their time are swept on the way. */
export async function saveChallenge(
  db: Db,
  input: { challenge: string; purpose: ChallengePurpose; userId: string | null; expiresAt: Date },
  now = new Date(),
): Promise<void> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values(input);
}

/**
 * Takes a challenge: true once, for an unexpired challenge of this purpose (and person, for an
 * enrolment). One statement, so two answers naming the same challenge cannot both pass.
 */
export async function takeChallenge(
  db: Db,
  input: { challenge: string; purpose: ChallengePurpose; userId: string | null },
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, input.challenge),
        eq(webauthnChallenges.purpose, input.purpose),
        input.userId === null ? sql`${webauthnChallenges.userId} is null` : eq(webauthnChallenges.userId, input.userId),
        gt(webauthnChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return rows.length > 0;
}

export async function listPasskeys(db: Db, userId: string): Promise<StoredPasskey[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

export async function getPasskey(db: Db, id: string): Promise<StoredPasskey | undefined> {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id)).limit(1);
  return row;
}

/** False when a passkey with this credential id exists already (for anyone). */
export async function insertPasskey(
  db: Db,
  input: { id: string; userId: string; name: string; publicKey: string; counter: number; transports: string[] },
): Promise<boolean> {
  const rows = await db.insert(passkeys).values(input).onConflictDoNothing().returning({ id: passkeys.id });
  return rows.length > 0;
}

/**
 * Records a use: the counter moves to `next` only from the value the signature was checked
 * against, so two sign-ins racing with the same counter cannot both pass.
 */
export async function recordPasskeyUse(db: Db, input: { id: string; from: number; next: number }, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: input.next, lastUsedAt: now })
    .where(and(eq(passkeys.id, input.id), eq(passkeys.counter, input.from)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function deletePasskey(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function userHasPasskey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return row !== undefined;
}

/** The operator's removal of every passkey of a person (lost devices); answers how many there were. */
export async function deleteAllPasskeys(db: Db, userId: string): Promise<number> {
  const rows = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  return rows.length;
}
