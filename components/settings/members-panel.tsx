'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { useCan } from '@/components/layout/session-role';
import { Button } from '@/components/ui/button';
import { QuerySectionCard } from '@/components/ui/query-state';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field, inputClassOf, SelectField } from '@/components/ui/field';
import { formField } from '@/components/ui/form-field';
import { CopyButton } from '@/components/ui/copy-button';
import { Time } from '@/components/ui/time';
import { ROLES } from '@/lib/auth/permissions';
import { lazyZodResolver } from '@/lib/validations/lazy-resolver';
import type { AddMemberInput } from '@/lib/settings/schemas';
import {
  useChangeMemberRole,
  useInvitations,
  useInviteMember,
  useMembers,
  useRemoveMember,
  useRevokeInvitation,
  type InvitationView,
  type MemberView,
} from '@/lib/members/query';

const addMemberResolver = lazyZodResolver(() => import('@/lib/settings/schemas').then((m) => m.addMemberSchema));

type Member = MemberView;
type Invitation = InvitationView;

export function MembersPanel({ org, currentUserId }: { org: string; currentUserId: string }) {
  const canWrite = useCan('members.write');
  const members = useMembers(org);
  const invitations = useInvitations(org, canWrite);
  const invite = useInviteMember(org);
  const revokeInvitation = useRevokeInvitation(org);
  const changeRole = useChangeMemberRole(org);
  const removeMember = useRemoveMember(org);
  // The link is in memory only, for this one view: it is never fetched again.
  const [oneTime, setOneTime] = useState<{ email: string; url: string | null; mailed: boolean } | null>(null);

  const form = useForm<AddMemberInput>({ resolver: addMemberResolver, defaultValues: { email: '', role: 'manager' } });
  const add = (values: AddMemberInput) =>
    invite.mutate(values, {
      onSuccess: (result) => {
        toast.success(`${result.invitation.email} invited as ${result.invitation.role}.`);
        setOneTime({ email: result.invitation.email, url: result.inviteUrl, mailed: result.mailed });
        form.reset({ email: '', role: form.getValues('role') });
      },
      onError: (error) => toast.error(error.message),
    });
  const revoke = async (invitation: Invitation) => {
    try {
      await revokeInvitation.mutateAsync(invitation.id);
      toast.success(`Invitation of ${invitation.email} revoked.`);
      if (oneTime?.email === invitation.email) setOneTime(null);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };
  const setRole = (userId: string, role: string) =>
    changeRole.mutate(
      { userId, role },
      { onSuccess: () => toast.success('Role changed.'), onError: (error) => toast.error(error.message) },
    );
  const remove = async (member: Member) => {
    try {
      await removeMember.mutateAsync(member.userId);
      toast.success(`${member.email} removed.`);
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  const inviting = (
    <>
      {canWrite ? (
        <form onSubmit={form.handleSubmit(add)} noValidate className="grid gap-3 sm:grid-cols-[1fr_9rem_auto] sm:items-start">
          <Field id="member-email" label="Invite by email" type="email" autoComplete="off" {...formField(form, 'email')} />
          <SelectField id="member-role" label="Role" {...form.register('role')}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </SelectField>
          <Button type="submit" className="sm:mt-6" disabled={invite.isPending}>
            Invite member
          </Button>
        </form>
      ) : null}
      {oneTime?.url ? (
        <div
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-semibold">Invitation link for {oneTime.email}</p>
          <p>
            Pass it on through a safe channel; it is shown only now, works once and expires. They set their own password (or, with an
            account already, sign in) to join.
          </p>
          <p className="mt-1 flex items-center gap-1 font-mono break-all">
            <span data-testid="invite-url" className="min-w-0">
              {oneTime.url}
            </span>{' '}
            <CopyButton value={oneTime.url} label="Copy the invitation link" />
          </p>
        </div>
      ) : oneTime ? (
        <div
          role={oneTime.mailed ? 'status' : 'alert'}
          className="rounded-md border border-zinc-300 bg-zinc-50 p-3 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        >
          {oneTime.mailed ? (
            <p>
              The invitation link was mailed to <span className="font-medium break-all">{oneTime.email}</span>. Only they can open it: it is
              not shown here. They set their own password (or, with an account already, sign in) to join.
            </p>
          ) : (
            <p>
              The invitation mail to <span className="font-medium break-all">{oneTime.email}</span> could not be sent. Revoke the invitation
              below and invite again later, or ask your operator to check the mail settings.
            </p>
          )}
        </div>
      ) : null}
      {canWrite && invitations.data && invitations.data.invitations.length > 0 ? (
        <section aria-labelledby="invitations-heading" className="space-y-2">
          <h3 id="invitations-heading" className="text-sm font-semibold">
            Pending invitations
          </h3>
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {invitations.data.invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{invitation.email}</p>
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">
                    {invitation.role}, expires <Time value={invitation.expiresAt} />
                    {invitation.invitedByEmail ? `, invited by ${invitation.invitedByEmail}` : ''}
                  </p>
                </div>
                <ConfirmDialog
                  trigger={
                    <Button variant="ghost" size="sm" aria-label={`Revoke the invitation of ${invitation.email}`}>
                      Revoke
                    </Button>
                  }
                  title={`Revoke the invitation of ${invitation.email}?`}
                  description={<p>The link stops working at once. You can invite them again later.</p>}
                  confirmLabel="Revoke invitation"
                  onConfirm={() => revoke(invitation)}
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );

  return (
    <QuerySectionCard
      id="members-heading"
      title="Members"
      description="Admins manage settings and members; managers do the vehicle work; support reads everything and changes nothing."
      query={members}
      loading="Loading members"
      after={inviting}
    >
      {(data) => (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {data.members.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center gap-2 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">
                  {member.email}
                  {member.userId === currentUserId ? <span className="text-zinc-500 dark:text-zinc-400"> (you)</span> : null}
                </p>
                {member.name ? <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">{member.name}</p> : null}
              </div>
              {canWrite ? (
                <>
                  <label className="sr-only" htmlFor={`role-${member.userId}`}>
                    Role of {member.email}
                  </label>
                  <select
                    id={`role-${member.userId}`}
                    className={inputClassOf({ width: 'w-auto' })}
                    value={member.role}
                    onChange={(e) => setRole(member.userId, e.target.value)}
                  >
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {role}
                      </option>
                    ))}
                  </select>
                  <ConfirmDialog
                    trigger={
                      <Button variant="ghost" size="sm" aria-label={`Remove ${member.email}`}>
                        Remove
                      </Button>
                    }
                    title={`Remove ${member.email}?`}
                    description={<p>They lose access to this organization at once. Their past actions stay in the audit trail.</p>}
                    confirmLabel="Remove member"
                    onConfirm={() => remove(member)}
                  />
                </>
              ) : (
                <span className="text-sm text-zinc-700 dark:text-zinc-300">{member.role}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </QuerySectionCard>
  );
}
