import 'server-only';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../index';
import { RepositoryError } from '../errors';
import { memberships, organizations, users, type Role } from '../schema';
import { publicColumns, type PublicOrganization } from './organizations';
import { hasAnySecondFactor } from './second-factors';
import { sessionRevoked } from './sessions';
import { ensureUser, normalizeEmail } from './users';

export interface Member {
  userId: string;
  email: string;
  name: string;
  role: Role;
  /** False for an invited user who has not set a password (they may still use OIDC). */
  hasPassword: boolean;
  joinedAt: Date;
}

export interface OrganizationMembership {
  organization: PublicOrganization;
  role: Role;
}

/** The user's organizations, the one joined first first (where sign-in lands). */
export async function listUserOrganizations(db: Db, userId: string): Promise<OrganizationMembership[]> {
  const rows = await db
    .select({ organization: publicColumns, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(organizations.name));
  return rows;
}

/** The membership of the user in the organization with this slug, or undefined (treat as 404). */
export async function getMembershipBySlug(db: Db, userId: string, slug: string): Promise<OrganizationMembership | undefined> {
  const [row] = await db
    .select({ organization: publicColumns, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(organizations.slug, slug)))
    .limit(1);
  return row;
}

/**
 * The user and their membership in the organization with this slug, in one query: what every
 * API request needs to decide whether the signed-in user may act for the organization. With a
 * session id, the same query also answers whether that session was signed out; the user's
 * session version and disable come along for the caller to compare with the token, and whether
 * the user has a second factor, for an organization that requires one.
 */
export async function getUserAccessBySlug(
  db: Db,
  userId: string,
  slug: string,
  sid = '',
): Promise<
  | (OrganizationMembership & {
      user: { id: string; email: string; name: string | null };
      session: { sessionVersion: number; disabledAt: Date | null; revoked: boolean };
      /** Whether the user has a confirmed second factor (an organization may require one). */
      hasSecondFactor: boolean;
    })
  | undefined
> {
  const [row] = await db
    .select({
      organization: publicColumns,
      role: memberships.role,
      user: { id: users.id, email: users.email, name: users.name },
      sessionVersion: users.sessionVersion,
      disabledAt: users.disabledAt,
      revoked: sessionRevoked(sid),
      hasSecondFactor: hasAnySecondFactor(),
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(organizations.slug, slug)))
    .limit(1);
  if (!row) return undefined;
  const { sessionVersion, disabledAt, revoked, ...access } = row;
  return { ...access, user: { ...row.user, name: row.user.name || null }, session: { sessionVersion, disabledAt, revoked } };
}

export async function hasAnyMembership(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(memberships).where(eq(memberships.userId, userId));
  return (row?.n ?? 0) > 0;
}

/** The member's role in the organization now, or undefined once they left it. */
export async function getMemberRole(db: Db, organizationId: string, userId: string): Promise<Role | undefined> {
  const [row] = await db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .limit(1);
  return row?.role;
}

export async function listMembers(db: Db, organizationId: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      role: memberships.role,
      passwordHash: users.passwordHash,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(users.email));
  return rows.map(({ passwordHash, ...member }) => ({ ...member, hasPassword: passwordHash !== null }));
}

/** Adds an idempotent membership; for seeding. Does not change an existing role. */
export async function ensureMembership(db: Db, organizationId: string, userId: string, role: Role): Promise<void> {
  await db.insert(memberships).values({ organizationId, userId, role }).onConflictDoNothing();
}

/**
 * Adds the person with this email. Someone without an account is created without a password:
 * that row is the invitation (OIDC sign-in accepts only people who have one).
 */
export async function addMemberByEmail(
  db: Db,
  organizationId: string,
  email: string,
  role: Role,
): Promise<{ member: Member; invited: boolean }> {
  const { user, created } = await ensureUser(db, { email: normalizeEmail(email) });
  const [row] = await db.insert(memberships).values({ organizationId, userId: user.id, role }).onConflictDoNothing().returning();
  if (!row) throw new RepositoryError('ALREADY_MEMBER', `${user.email} is a member already.`);
  return {
    member: { userId: user.id, email: user.email, name: user.name, role: row.role, hasPassword: user.hasPassword, joinedAt: row.createdAt },
    invited: created,
  };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Locks the organization row, so concurrent role changes of one organization run one after the
 * other: two admins demoting each other at once must not leave it without an admin.
 */
async function lockMembership(tx: Tx, organizationId: string, userId: string) {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
  const [row] = await tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .limit(1);
  if (!row) throw new RepositoryError('NOT_FOUND', 'This person is not a member of the organization.');
  return row;
}

async function assertNotLastAdmin(tx: Tx, organizationId: string, message: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'admin')));
  if ((row?.n ?? 0) <= 1) throw new RepositoryError('LAST_ADMIN', message);
}

export async function changeMemberRole(db: Db, organizationId: string, userId: string, role: Role): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockMembership(tx, organizationId, userId);
    if (current.role === role) return;
    if (current.role === 'admin') {
      await assertNotLastAdmin(tx, organizationId, 'The last admin cannot be given another role; make someone else admin first.');
    }
    await tx
      .update(memberships)
      .set({ role, updatedAt: new Date() })
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  });
}

export async function removeMember(db: Db, organizationId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockMembership(tx, organizationId, userId);
    if (current.role === 'admin') {
      await assertNotLastAdmin(tx, organizationId, 'The last admin cannot be removed; make someone else admin first.');
    }
    await tx.delete(memberships).where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
    // Removed from their last organization: every session of theirs ends, not just this one's access.
    const [left] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.userId, userId));
    if ((left?.n ?? 0) === 0) {
      await tx
        .update(users)
        .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, userId));
    }
  });
}
