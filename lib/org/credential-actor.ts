import { can, type Permission, type Role } from '@/lib/auth/permissions';

/** The console API credential a request came with (absent for a person's session). */
export type CredentialActor = {
  id: string;
  name: string;
  prefix: string;
  /** What its scope grants: checked instead of the role wherever a permission is asked. */
  permissions: readonly Permission[];
};

/**
 * Whether this request may do what `permission` names: a person by their role, a program by its
 * credential's scope (its role stands in only where a verb asks a role, never for a permission).
 */
export function accessCan(access: { role: Role; credential?: Pick<CredentialActor, 'permissions'> }, permission: Permission): boolean {
  if (access.credential) return access.credential.permissions.includes(permission);
  return can(access.role, permission);
}
