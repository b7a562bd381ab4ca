'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { can, type Permission, type Role } from '@/lib/auth/permissions';

type OrgRole = { org: string; role: Role };
const OrgRoleContext = createContext<OrgRole | null>(null);

/** The organization and role of the current page, so client components can hide controls. */
export function SessionRole({ org, role, children }: OrgRole & { children: ReactNode }) {
  return <OrgRoleContext.Provider value={{ org, role }}>{children}</OrgRoleContext.Provider>;
}

export function useOrgRole(): OrgRole {
  const value = useContext(OrgRoleContext);
  if (!value) throw new Error('useOrgRole outside an organization page');
  return value;
}

/** Whether the current user may do this. Controls they may not use are not rendered at all. */
export function useCan(permission: Permission): boolean {
  return can(useOrgRole().role, permission);
}
