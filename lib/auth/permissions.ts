/**
 * Permissions as data (DESIGN.md convention 5). No `server-only` and no database here: the
 * browser imports this module to hide controls a role may not use; the server still checks.
 */
export const ROLES = ['admin', 'manager', 'support'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'org.read',
  'vehicles.read',
  'vehicles.write',
  'accounts.read',
  'accounts.write',
  'tags.write',
  'listening.write',
  'commands.read',
  'commands.send',
  'connect.read',
  'connect.create',
  'eligibility.read',
  'eligibility.write',
  'raw.read',
  'audit.read',
  'settings.read',
  'settings.write',
  'members.read',
  'members.write',
  /** Save views of the vehicles list and change or delete one's own. */
  'views.write',
  /** Change or delete anyone's saved view. */
  'views.manage',
  /** See the organization's notification rules (every member has their own inbox with `org.read`). */
  'notifications.read',
  /** Add, change and remove notification rules. */
  'notifications.write',
  /** Read the fleet reports, their CSV and the mileage logbooks (from the history store, no upstream call). */
  'reports.read',
  /** Schedule report e-mails to members, and remove them. */
  'reports.write',
  /** Create, list and revoke the organization's console API credentials. */
  'apiCredentials.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ_PERMISSIONS = PERMISSIONS.filter((permission) => permission.endsWith('.read'));

const MANAGER_WRITES: readonly Permission[] = [
  'vehicles.write',
  'accounts.write',
  'tags.write',
  'listening.write',
  'commands.send',
  'connect.create',
  'eligibility.write',
  'views.write',
  'notifications.write',
  'reports.write',
];

export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: PERMISSIONS,
  manager: [...READ_PERMISSIONS, ...MANAGER_WRITES],
  // Support inspects everything the organization has, raw payloads and audit included, and changes nothing.
  support: READ_PERMISSIONS,
};

const granted: Record<Role, ReadonlySet<Permission>> = {
  admin: new Set(ROLE_PERMISSIONS.admin),
  manager: new Set(ROLE_PERMISSIONS.manager),
  support: new Set(ROLE_PERMISSIONS.support),
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && isRole(role) && granted[role].has(permission);
}

/**
 * Who may change or delete a saved view: its owner (with the right to save views) or whoever
 * manages every view. A view whose owner left is an admin's. `may` answers for a permission: a
 * person's role, or an API credential's scope (lib/org/credential-actor.ts's accessCan).
 */
export function canEditView(may: (permission: Permission) => boolean, userId: string, ownerId: string | null): boolean {
  if (may('views.manage')) return true;
  return ownerId !== null && ownerId === userId && may('views.write');
}

export function permissionsOf(role: Role): readonly Permission[] {
  return ROLE_PERMISSIONS[role];
}

/**
 * What a console API credential may do. The presets are the support and manager roles without
 * what reaches people, credentials and secrets (members, settings, API credentials): a program
 * gets those only when an admin picks them one by one in a custom scope.
 */
export const API_CREDENTIAL_SCOPES = ['read', 'manage', 'custom'] as const;
export type ApiCredentialScope = (typeof API_CREDENTIAL_SCOPES)[number];

const EXPLICIT_ONLY: readonly Permission[] = ['members.read', 'members.write', 'settings.read', 'settings.write', 'apiCredentials.manage'];

export const API_SCOPE_PRESETS: Readonly<Record<Exclude<ApiCredentialScope, 'custom'>, readonly Permission[]>> = {
  read: ROLE_PERMISSIONS.support.filter((permission) => !EXPLICIT_ONLY.includes(permission)),
  manage: ROLE_PERMISSIONS.manager.filter((permission) => !EXPLICIT_ONLY.includes(permission)),
};

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}

/** The permissions a credential's scope grants; a custom list keeps only names that still exist. */
export function apiScopePermissions(scope: ApiCredentialScope, custom: readonly string[]): readonly Permission[] {
  if (scope === 'custom') return custom.filter(isPermission);
  return API_SCOPE_PRESETS[scope];
}

/**
 * The role a credential stands in for where a verb asks a role rather than a permission (the
 * live notices, saved views): the smallest role holding every permission of its scope. The
 * route's own permission is checked against the scope itself.
 */
export function roleCovering(permissions: readonly Permission[]): Role {
  return ROLES.slice()
    .reverse()
    .find((role) => permissions.every((permission) => granted[role].has(permission)))!;
}
