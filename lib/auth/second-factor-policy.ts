import type { Role } from './permissions';

/**
 * Who must have a second factor (browser-safe, like permissions): in an organization that
 * requires one, its admins and managers. Support staff read only and are not asked.
 */
export const SECOND_FACTOR_ROLES: readonly Role[] = ['admin', 'manager'];

export function mustEnrolSecondFactor(input: { organizationRequires: boolean; role: Role; enrolled: boolean }): boolean {
  return input.organizationRequires && SECOND_FACTOR_ROLES.includes(input.role) && !input.enrolled;
}

/** Where a person who must enrol is sent: the account page's two-step section, naming the organization. */
export function enrolmentPath(orgSlug: string): string {
  return `/profile/password?requiredBy=${encodeURIComponent(orgSlug)}#two-step`;
}
