import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../index';
import { RepositoryError } from '../errors';
import { ssoIdentities, users } from '../schema';

export type SsoIdentityView = { id: string; issuer: string; emailAtBinding: string; createdAt: Date; lastUsedAt: Date | null };

const view = {
  id: ssoIdentities.id,
  issuer: ssoIdentities.issuer,
  emailAtBinding: ssoIdentities.emailAtBinding,
  createdAt: ssoIdentities.createdAt,
  lastUsedAt: ssoIdentities.lastUsedAt,
};

/** The person an identity (issuer and subject) is bound to, or undefined when it is bound to nobody. */
export async function findSsoIdentity(db: Db, issuer: string, subject: string): Promise<{ id: string; userId: string } | undefined> {
  const [row] = await db
    .select({ id: ssoIdentities.id, userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)))
    .limit(1);
  return row;
}

/** Whether the person has an identity of this issuer bound already (then no other subject of it is taken). */
export async function hasSsoIdentityOfIssuer(db: Db, userId: string, issuer: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ssoIdentities.id })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.userId, userId), eq(ssoIdentities.issuer, issuer)))
    .limit(1);
  return row !== undefined;
}

export async function listSsoIdentities(db: Db, userId: string): Promise<SsoIdentityView[]> {
  return db.select(view).from(ssoIdentities).where(eq(ssoIdentities.userId, userId)).orderBy(asc(ssoIdentities.createdAt));
}

/**
 * Binds the identity to the person. False when the subject is bound already or the person has
 * another subject of this issuer (a concurrent first sign-in): the unique indexes decide, never
 * a read before the write. `provedPassword`: the person proved their password while binding, so a
 * password set through a link is theirs from now on.
 */
export async function bindSsoIdentity(
  db: Db,
  input: { userId: string; issuer: string; subject: string; email: string; provedPassword?: boolean },
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(ssoIdentities)
      .values({ userId: input.userId, issuer: input.issuer, subject: input.subject, emailAtBinding: input.email, lastUsedAt: now })
      .onConflictDoNothing()
      .returning({ id: ssoIdentities.id });
    if (inserted.length === 0) return false;
    if (input.provedPassword) await tx.update(users).set({ passwordSetByLink: false, updatedAt: now }).where(eq(users.id, input.userId));
    return true;
  });
}

export async function touchSsoIdentity(db: Db, id: string, now = new Date()): Promise<void> {
  await db.update(ssoIdentities).set({ lastUsedAt: now }).where(eq(ssoIdentities.id, id));
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The person's row locked, with what a removal must leave behind. */
async function lockMethods(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ passwordHash: users.passwordHash, passwordSetByLink: users.passwordSetByLink })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .limit(1);
  if (!row) throw new RepositoryError('NOT_FOUND', 'No such user.');
  const identities = await tx.select({ id: ssoIdentities.id }).from(ssoIdentities).where(eq(ssoIdentities.userId, userId));
  return { hasPassword: row.passwordHash !== null, passwordSetByLink: row.passwordSetByLink, identityIds: identities.map((i) => i.id) };
}

/**
 * Removes the password, when a single sign-on identity remains to sign in with, and ends every
 * session of the person: whoever else knew the password (the holder of the link that set it) is
 * signed out too.
 */
export async function removePassword(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const methods = await lockMethods(tx, userId);
    if (!methods.hasPassword) throw new RepositoryError('NOT_FOUND', 'This account has no password.');
    if (methods.identityIds.length === 0) throw new RepositoryError('CONFLICT', 'The password is the only way to sign in to this account.');
    await tx
      .update(users)
      .set({ passwordHash: null, passwordSetByLink: false, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
      .where(eq(users.id, userId));
  });
}

/**
 * Removes one single sign-on identity of the person, and ends every session of theirs. Refused
 * when nothing would be left, or only a password set through a link: that would hand the account
 * to whoever held the link.
 */
export async function removeSsoIdentity(db: Db, userId: string, identityId: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const methods = await lockMethods(tx, userId);
    if (!methods.identityIds.includes(identityId)) throw new RepositoryError('NOT_FOUND', 'No such sign-in method on this account.');
    const othersLeft = methods.identityIds.length > 1;
    if (!othersLeft && !methods.hasPassword) throw new RepositoryError('CONFLICT', 'This is the only way to sign in to this account.');
    if (!othersLeft && methods.passwordSetByLink) {
      throw new RepositoryError(
        'CONFLICT',
        'The password left was set through a link, not by you: keep single sign-on, or remove the password instead.',
      );
    }
    await tx.delete(ssoIdentities).where(eq(ssoIdentities.id, identityId));
    await tx
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
      .where(eq(users.id, userId));
  });
}
