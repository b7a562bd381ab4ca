import 'server-only';
import { getSessionUserId } from '@/lib/auth/session';
import type { Role } from '@/lib/auth/permissions';
import { getDbHandle } from '@/lib/db';
import { getUserAccessBySlug } from '@/lib/db/repos/memberships';
import type { PublicOrganization } from '@/lib/db/repos/organizations';
import { createAccessCache } from './access-cache';
import { AppError } from '@/lib/errors/app-error';

export type SessionUser = { id: string; email: string; name?: string | null };
export type Org = PublicOrganization;
export type OrgAccess = { user: SessionUser; org: Org; role: Role };

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
const accessCache = createAccessCache<Awaited<ReturnType<typeof getUserAccessBySlug>>>();

/**
 * The signed-in user's access to the organization in the URL. An organization the user is not a
 * member of answers exactly like one that does not exist.
 */
export async function loadOrgAccess(slug: string): Promise<OrgAccess> {
  const userId = await getSessionUserId();
  if (!userId) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  if (!SLUG.test(slug)) throw new AppError('NOT_FOUND', 'Not found.');
  // One query: the user (a deleted user's token opens nothing) and the membership.
  const { db, accessGeneration } = getDbHandle();
  const access = await accessCache.get(`${userId}/${slug}`, accessGeneration?.(), () => getUserAccessBySlug(db, userId, slug));
  if (!access) throw new AppError('NOT_FOUND', 'Not found.');
  return { user: access.user, org: access.organization, role: access.role };
}
