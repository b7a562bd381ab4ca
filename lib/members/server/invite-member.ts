import 'server-only';
import type { Db } from '@/lib/db';
import { createInvitation, type InvitationView } from '@/lib/db/repos/invitations';
import type { Role } from '@/lib/db/schema';
import { appUrl, env } from '@/lib/env';
import { configuredMailer, type Mailer } from '@/lib/ops/mail';
import { newLinkToken } from './one-time-token';
import { sendInvitationMail } from './send-invitation-mail';

/**
 * `inviteUrl` is the link itself only when there is no mail to carry it (no SMTP); with mail it is
 * null for every address, so the admin never holds a link that opens somebody's membership.
 */
export type InviteResult = { invited: true; invitation: InvitationView; inviteUrl: string | null; mailed: boolean };

/**
 * Invites a person by email. Whether or not the email already has an account (here or in another
 * organization), the same thing happens and the same answer comes back: an invitation the person
 * accepts themselves (a new email by choosing a password, an existing account signed in). Nobody's
 * account or password is created or changed here; only the token's hash is stored.
 * With SMTP configured the link goes only to the mailbox: the inviting admin never sees it, so
 * they can neither squat a new address nor try the link to learn whether an account exists.
 * Without SMTP the admin is the only channel, and gets the link to pass on (docs/security.md).
 */
export async function inviteMember(
  db: Db,
  input: { organization: { id: string; name: string }; email: string; role: Role; invitedBy: string },
  now = new Date(),
  mailer: Mailer | undefined = configuredMailer(),
): Promise<InviteResult> {
  const { token, tokenHash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + env().INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  const invitation = await createInvitation(
    db,
    { organizationId: input.organization.id, email: input.email, role: input.role, tokenHash, invitedBy: input.invitedBy, expiresAt },
    now,
  );
  const inviteUrl = new URL(`/invite/${token}`, appUrl()).toString();
  if (!mailer) return { invited: true, invitation, inviteUrl, mailed: false };
  const mailed = await sendInvitationMail(
    { to: invitation.email, organizationName: input.organization.name, role: invitation.role, inviteUrl, expiresAt },
    mailer,
  );
  return { invited: true, invitation, inviteUrl: null, mailed };
}
