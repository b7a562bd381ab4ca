import 'server-only';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { safeCallbackPath, signInUrlFor } from '@/lib/auth/callback-url';
import { can, type Permission } from '@/lib/auth/permissions';
import { enrolmentPath } from '@/lib/auth/second-factor-policy';
import { appUrl } from '@/lib/env';
import { AppError } from '@/lib/errors/app-error';
import { REQUEST_PATH_HEADER } from '@/lib/security/headers';
import { loadOrgAccess, type OrgAccess } from '@/lib/org/org-access';

/**
 * The page-side twin of the route wrapper: signed out goes to sign-in (and back), an unknown
 * organization or a missing permission is a 404, a member the organization requires a second
 * factor of, who has none, goes to enrolment. Cached per request so layout and page share it.
 */
export const requireOrgPage = cache(async (slug: string, permission: Permission = 'org.read'): Promise<OrgAccess> => {
  let access: OrgAccess;
  try {
    access = await loadOrgAccess(slug);
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') redirect(signInUrlFor(await requestedPath(`/o/${slug}`)));
    if (error instanceof AppError && error.code === 'NOT_FOUND') notFound();
    if (error instanceof AppError && error.code === 'SECOND_FACTOR_REQUIRED') redirect(enrolmentPath(slug));
    throw error;
  }
  if (!can(access.role, permission)) notFound();
  return access;
});

/** The path and query of the page being rendered (set by proxy.ts), or the fallback. */
async function requestedPath(fallback: string): Promise<string> {
  return safeCallbackPath((await headers()).get(REQUEST_PATH_HEADER), appUrl(), fallback);
}

/**
 * The params of a vehicle page or tab, after the page-side access check (cached per request, so
 * the layout and the tab share it). The vehicle itself is checked once, by the layout.
 */
export async function vehiclePageParams(params: Promise<{ org: string; vehicleId: string }>) {
  const { org, vehicleId } = await params;
  const access = await requireOrgPage(org, 'vehicles.read');
  return { org, vehicleId: decodeURIComponent(vehicleId), access };
}
