import 'server-only';
import type { Role } from '@/lib/auth/permissions';
import type { Org, OrgAccess } from '@/lib/org/org-access';
import { getDb } from '@/lib/db';
import { revokeInvitation } from '@/lib/db/repos/invitations';
import { changeMemberRole, listMembers, removeMember as removeMembership } from '@/lib/db/repos/memberships';
import { inviteMember } from './invite-member';

export async function listOrgMembers(org: Org) {
  return { members: await listMembers(getDb(), org.id) };
}

/**
 * Invites a person by email: always an invitation link they accept themselves (mailed when SMTP
 * is configured, else shown once here), the same answer whether or not the email has an account.
 */
export function inviteOrgMember(access: OrgAccess, input: { email: string; role: Role }) {
  return inviteMember(getDb(), { organization: access.org, email: input.email, role: input.role, invitedBy: access.user.id });
}

export async function changeRole(org: Org, userId: string, role: Role) {
  await changeMemberRole(getDb(), org.id, userId, role);
  return { ok: true };
}

export async function removeMember(org: Org, userId: string) {
  await removeMembership(getDb(), org.id, userId);
  return { ok: true };
}

export function revokeOrgInvitation(org: Org, invitationId: string) {
  return revokeInvitation(getDb(), org.id, invitationId);
}
