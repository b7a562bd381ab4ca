import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { can, type Permission } from '@/lib/auth/permissions';
import { AppError } from '@/lib/errors/app-error';
import { loadOrgAccess, type OrgAccess } from './org-access';

/**
 * The page-side twin of the route wrapper: signed out goes to sign-in (and back), an unknown
 * organization or a missing permission is a 404. Cached per request so layout and page share it.
 */
export const requireOrgPage = cache(async (slug: string, permission: Permission = 'org.read'): Promise<OrgAccess> => {
  let access: OrgAccess;
  try {
    access = await loadOrgAccess(slug);
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') redirect(`/sign-in?callbackUrl=${encodeURIComponent(`/o/${slug}`)}`);
    if (error instanceof AppError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
  if (!can(access.role, permission)) notFound();
  return access;
});

/**
 * The params of a vehicle page or tab, after the page-side access check (cached per request, so
 * the layout and the tab share it). The vehicle itself is checked once, by the layout.
 */
export async function vehiclePageParams(params: Promise<{ org: string; vehicleId: string }>) {
  const { org, vehicleId } = await params;
  const access = await requireOrgPage(org, 'vehicles.read');
  return { org, vehicleId: decodeURIComponent(vehicleId), access };
}
