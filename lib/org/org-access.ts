import 'server-only';
import { getSessionClaims, sessionClaimsFrom } from '@/lib/auth/session';
import { noteSessionSeen } from '@/lib/auth/server/session-activity';
import { sessionIsCurrent } from '@/lib/auth/session-token';
import type { Role } from '@/lib/auth/permissions';
import { mustEnrolSecondFactor } from '@/lib/auth/second-factor-policy';
import { getDbHandle } from '@/lib/db';
import { createGenerationCache } from '@/lib/db/generation-cache';
import { getUserAccessBySlug } from '@/lib/db/repos/memberships';
import type { PublicOrganization } from '@/lib/db/repos/organizations';
import { AppError } from '@/lib/errors/app-error';
import type { CredentialActor } from './credential-actor';

export type SessionUser = { id: string; email: string; name?: string | null };
export type Org = PublicOrganization;
export type OrgAccess = { user: SessionUser; org: Org; role: Role; credential?: CredentialActor };

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
const accessCache = createGenerationCache<Awaited<ReturnType<typeof getUserAccessBySlug>>>();

/**
 * The signed-in user's access to the organization in the URL. An organization the user is not a
 * member of answers exactly like one that does not exist. A session that was signed out, whose
 * user's session version moved on, or whose user was disabled answers as signed out. An admin or
 * manager without a second factor in an organization that requires one gets nothing but
 * SECOND_FACTOR_REQUIRED: every route and page of the organization comes through here.
 * A route passes its request's cookies: `cookies()` in a route handler builds a mutable cookie
 * store each time (about 0.1 ms a request), which a read does not need.
 */
export async function loadOrgAccess(slug: string, requestCookies?: readonly { name: string; value: string }[]): Promise<OrgAccess> {
  const claims = requestCookies ? await sessionClaimsFrom(requestCookies) : await getSessionClaims();
  if (!claims) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  if (!SLUG.test(slug)) throw new AppError('NOT_FOUND', 'Not found.');
  // One query: the user (a deleted user's token opens nothing), the membership, and the
  // session's state. On PGlite the answer is cached until a write to users, organizations,
  // memberships or revoked_sessions; the key holds the session id, whose revocation it answers.
  const { db, accessGeneration } = getDbHandle();
  const { userId, sid } = claims;
  const access = await accessCache.get(`${userId}/${sid}/${slug}`, accessGeneration?.(), () => getUserAccessBySlug(db, userId, slug, sid));
  if (access && !sessionIsCurrent(claims, access.session)) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Sign in again.');
  if (!access) throw new AppError('NOT_FOUND', 'Not found.');
  noteSessionSeen(sid);
  if (
    mustEnrolSecondFactor({
      organizationRequires: access.organization.requireSecondFactor,
      role: access.role,
      enrolled: access.hasSecondFactor,
    })
  ) {
    throw new AppError(
      'SECOND_FACTOR_REQUIRED',
      `${access.organization.name} requires two-step verification of its admins and managers. Set it up on your account page to continue.`,
    );
  }
  return { user: access.user, org: access.organization, role: access.role };
}
