'use client';

import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Role } from '@/lib/auth/permissions';
import { apiFetch } from '@/lib/query/api-fetch';
import type { AddMemberInput } from '@/lib/settings/schemas';
import { memberKeys } from '@/lib/members/query-keys';

export type MemberView = { userId: string; email: string; name: string; role: Role; hasPassword: boolean; joinedAt: string };
export type InvitationView = {
  id: string;
  email: string;
  role: Role;
  expiresAt: string;
  createdAt: string;
  invitedByEmail: string | null;
};
/** The same shape whether or not the email has an account anywhere (no enumeration). */
/** `inviteUrl` only without SMTP (the admin passes it on); with mail it is null whatever the address. */
export type Invited = { invited: true; invitation: InvitationView; inviteUrl: string | null; mailed: boolean };

const membersPath = (org: string) => `/api/o/${org}/members`;

/** Every change of membership reads both lists again. */
const refresh = (queryClient: QueryClient, org: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: memberKeys.members(org) }),
    queryClient.invalidateQueries({ queryKey: memberKeys.invitations(org) }),
  ]);

export function useMembers(org: string) {
  return useQuery({ queryKey: memberKeys.members(org), queryFn: () => apiFetch<{ members: MemberView[] }>(membersPath(org)) });
}

/** The open invitations, for those who may manage members. */
export function useInvitations(org: string, enabled: boolean) {
  return useQuery({
    queryKey: memberKeys.invitations(org),
    queryFn: () => apiFetch<{ invitations: InvitationView[] }>(`${membersPath(org)}/invitations`),
    enabled,
  });
}

export function useInviteMember(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AddMemberInput) => apiFetch<Invited>(membersPath(org), { method: 'POST', json: values }),
    onSuccess: () => void refresh(queryClient, org),
  });
}

export function useRevokeInvitation(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => apiFetch(`${membersPath(org)}/invitations/${invitationId}`, { method: 'DELETE' }),
    onSuccess: () => void refresh(queryClient, org),
  });
}

/** A refused change reads the lists again too: the shown role goes back to the stored one. */
export function useChangeMemberRole(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: string }) =>
      apiFetch(`${membersPath(org)}/${userId}`, { method: 'PATCH', json: { role } }),
    onSettled: () => void refresh(queryClient, org),
  });
}

export function useRemoveMember(org: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiFetch(`${membersPath(org)}/${userId}`, { method: 'DELETE' }),
    onSuccess: () => void refresh(queryClient, org),
  });
}

/** Accepts an invitation: with the signed-in account (no password), or creating one with `password`. */
export function acceptInvitation(token: string, password?: string): Promise<unknown> {
  return apiFetch('/api/invitations/accept', { method: 'POST', json: password === undefined ? { token } : { token, password } });
}
