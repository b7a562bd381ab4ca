import 'server-only';
import type { Db } from '@/lib/db';
import { createInvitation, type InvitationView } from '@/lib/db/repos/invitations';
import type { Role } from '@/lib/db/schema';
import { appUrl, env } from '@/lib/env';
import { newLinkToken } from './one-time-token';
import { sendInvitationMail } from './send-invitation-mail';

export type InviteResult = { invited: true; invitation: InvitationView; inviteUrl: string; mailed: boolean };

/**
 * Invites a person by email. Whether or not the email already has an account (here or in another
 * organization), the same thing happens and the same shape is answered: an invitation the person
 * accepts themselves. Nobody's account or password is created or changed here; the link is shown
 * to the inviting admin once (only its hash is stored) and mailed when SMTP is configured.
 */
export async function inviteMember(
  db: Db,
  input: { organization: { id: string; name: string }; email: string; role: Role; invitedBy: string },
  now = new Date(),
): Promise<InviteResult> {
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + env().INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  const invitation = await createInvitation(
    db,
    { organizationId: input.organization.id, email: input.email, role: input.role, tokenHash, invitedBy: input.invitedBy, expiresAt },
    now,
  );
  const inviteUrl = new URL(`/invite/${token}`, appUrl()).toString();
  const mailed = await sendInvitationMail({
    to: invitation.email,
    organizationName: input.organization.name,
    role: invitation.role,
    inviteUrl,
    expiresAt,
  });
  return { invited: true, invitation, inviteUrl, mailed };
}
