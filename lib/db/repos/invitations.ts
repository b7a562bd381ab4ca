import 'server-only';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { AppError } from '@/lib/errors/app-error';
import type { Db } from '../index';
import { RepositoryError } from '../errors';
import { invitations, memberships, organizations, users, type Invitation, type Role } from '../schema';
import { normalizeEmail } from './users';

export type InvitationView = Pick<Invitation, 'id' | 'email' | 'role' | 'expiresAt' | 'createdAt'> & { invitedByEmail: string | null };

const pending = (now: Date) => and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

/**
 * Records an invitation (only the token's hash). An earlier open invitation of the same email to
 * the same organization is revoked: one link per person at a time.
 */
export async function createInvitation(
  db: Db,
  input: { organizationId: string; email: string; role: Role; tokenHash: string; invitedBy: string | null; expiresAt: Date },
  now = new Date(),
): Promise<InvitationView> {
  const email = normalizeEmail(input.email);
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, input.organizationId), eq(users.email, email)));
    if ((member?.n ?? 0) > 0) throw new RepositoryError('ALREADY_MEMBER', `${email} is a member already.`);
    await tx
      .update(invitations)
      .set({ revokedAt: now })
      .where(and(eq(invitations.organizationId, input.organizationId), eq(invitations.email, email), pending(now)));
    const [row] = await tx
      .insert(invitations)
      .values({ ...input, email })
      .returning();
    return { id: row.id, email: row.email, role: row.role, expiresAt: row.expiresAt, createdAt: row.createdAt, invitedByEmail: null };
  });
}

/** Open invitations of the organization, newest first. */
export async function listPendingInvitations(db: Db, organizationId: string, now = new Date()): Promise<InvitationView[]> {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
      createdAt: invitations.createdAt,
      invitedByEmail: users.email,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(and(eq(invitations.organizationId, organizationId), pending(now)))
    .orderBy(desc(invitations.createdAt))
    .limit(500);
}

export async function revokeInvitation(db: Db, organizationId: string, id: string, now = new Date()): Promise<{ email: string }> {
  const [row] = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, id), eq(invitations.organizationId, organizationId), pending(now)))
    .returning({ email: invitations.email });
  if (!row) throw new RepositoryError('NOT_FOUND', 'No open invitation with this id.');
  return row;
}

export type OpenInvitation = {
  id: string;
  email: string;
  role: Role;
  expiresAt: Date;
  organization: { id: string; slug: string; name: string };
};

/** The open invitation with this token hash (not accepted, revoked or expired), or undefined. */
export async function findOpenInvitation(db: Db, tokenHash: string, now = new Date()): Promise<OpenInvitation | undefined> {
  const [row] = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
      organization: { id: organizations.id, slug: organizations.slug, name: organizations.name },
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(and(eq(invitations.tokenHash, tokenHash), pending(now)))
    .limit(1);
  return row;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function lockOpen(tx: Tx, tokenHash: string, now: Date) {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, tokenHash), pending(now)))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('INVITATION_INVALID', 'This invitation link is invalid, used or expired. Ask an admin for a new one.', {});
  return row;
}

async function join(tx: Tx, invitation: Invitation, userId: string, now: Date) {
  await tx.insert(memberships).values({ organizationId: invitation.organizationId, userId, role: invitation.role }).onConflictDoNothing();
  await tx.update(invitations).set({ acceptedAt: now, acceptedBy: userId }).where(eq(invitations.id, invitation.id));
}

/**
 * Accepts an invitation for the signed-in person whose account the invited email belongs to: adds the membership (an
 * existing one keeps its role) and uses the invitation up. The account itself is not touched.
 */
export async function acceptInvitationAsUser(
  db: Db,
  tokenHash: string,
  user: { id: string; email: string },
  now = new Date(),
): Promise<Invitation> {
  return db.transaction(async (tx) => {
    const invitation = await lockOpen(tx, tokenHash, now);
    // The person, not only the address: the row the invitation's email belongs to must be the
    // signed-in one (a session carrying the email of another row, or of a row since replaced, joins nothing).
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email)).limit(1);
    if (invitation.email !== normalizeEmail(user.email) || owner?.id !== user.id) {
      throw new AppError(
        'INVITATION_OTHER_ACCOUNT',
        'This invitation is for another email address. Sign out, then open the link again.',
        {},
      );
    }
    await join(tx, invitation, user.id, now);
    return invitation;
  });
}

/**
 * Accepts an invitation by creating the account with the password its person chose. Only for an
 * email without an account: an existing account (with a password, or a member anywhere) is never
 * changed here; its owner signs in and accepts. `passwordHash` is computed before the call.
 */
export async function acceptInvitationAsNewAccount(
  db: Db,
  tokenHash: string,
  passwordHash: string,
  now = new Date(),
): Promise<Invitation & { userId: string }> {
  return db.transaction(async (tx) => {
    const invitation = await lockOpen(tx, tokenHash, now);
    const [inserted] = await tx
      .insert(users)
      .values({ email: invitation.email, passwordHash, passwordSetByLink: true })
      .onConflictDoNothing()
      .returning({ id: users.id });
    let userId = inserted?.id;
    if (!userId) {
      // A user row without a password and without any membership is a leftover of an earlier
      // invitation (or a removed OIDC-only person): nobody holds it, so it may be claimed.
      const [existing] = await tx
        .select({
          id: users.id,
          passwordHash: users.passwordHash,
          disabledAt: users.disabledAt,
          memberships: sql<number>`(select count(*) from ${memberships} where ${memberships.userId} = ${users.id})`.mapWith(Number),
        })
        .from(users)
        .where(eq(users.email, invitation.email))
        .for('update')
        .limit(1);
      if (!existing || existing.passwordHash !== null || existing.memberships > 0 || existing.disabledAt !== null) {
        throw new AppError('ACCOUNT_EXISTS', 'An account with this email exists already: sign in with it to accept the invitation.', {});
      }
      await tx
        .update(users)
        .set({ passwordHash, passwordSetByLink: true, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
        .where(eq(users.id, existing.id));
      userId = existing.id;
    }
    await join(tx, invitation, userId, now);
    return { ...invitation, userId };
  });
}
