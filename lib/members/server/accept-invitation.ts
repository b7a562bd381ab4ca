import 'server-only';
import { hashPassword } from '@/lib/crypto/password';
import { AppError, invalidField } from '@/lib/errors/app-error';
import { getDb, type Db } from '@/lib/db';
import { appendAuditEvent } from '@/lib/db/repos/audit';
import { acceptInvitationAsNewAccount, acceptInvitationAsUser, findOpenInvitation } from '@/lib/db/repos/invitations';
import { PASSWORD_IS_EMAIL_MESSAGE, passwordIsEmail } from '@/lib/auth/schemas';
import { hashLinkToken } from './one-time-token';
import { eq } from 'drizzle-orm';
import { invitations } from '@/lib/db/schema';

export type AcceptResult = { accepted: true; organization: { slug: string; name: string }; signIn: boolean };

/**
 * Accepts an invitation. Signed in (as the invited email): the membership is added, the account
 * is untouched. Signed out, with a password: only an email without an account gets one (with the
 * password its person chose); an existing account must sign in to accept, so whoever holds the
 * link (the inviting admin included) can never set or change an existing person's password.
 */
export async function acceptInvitation(
  input: { token: string; password?: string; user: { id: string; email: string } | null; ip: string | null },
  db: Db = getDb(),
): Promise<AcceptResult> {
  const tokenHash = hashLinkToken(input.token);
  const open = await findOpenInvitation(db, tokenHash);
  if (!open) throw new AppError('INVITATION_INVALID', 'This invitation link is invalid, used or expired. Ask an admin for a new one.', {});
  const organization = { slug: open.organization.slug, name: open.organization.name };
  const auditAccepted = (
    invitation: { id: string; organizationId: string; role: string },
    actor: { userId: string; email: string },
    account: 'existing' | 'new',
  ) =>
    appendAuditEvent(db, {
      organizationId: invitation.organizationId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'members.invitation_accepted',
      targetType: 'invitation',
      targetId: invitation.id,
      outcome: 'success',
      details: { role: invitation.role, account },
      ip: input.ip,
    });

  if (input.user) {
    const invitation = await acceptInvitationAsUser(db, tokenHash, input.user);
    await auditAccepted(invitation, { userId: input.user.id, email: input.user.email }, 'existing');
    return { accepted: true, organization, signIn: false };
  }

  if (input.password === undefined)
    throw invalidField('password', 'Enter a new password', { message: 'Choose a password, or sign in to accept.' });
  if (passwordIsEmail(input.password, open.email)) {
    throw invalidField('password', PASSWORD_IS_EMAIL_MESSAGE);
  }
  let invitation: Awaited<ReturnType<typeof acceptInvitationAsNewAccount>>;
  try {
    invitation = await acceptInvitationAsNewAccount(db, tokenHash, await hashPassword(input.password));
  } catch (error) {
    if (error instanceof AppError && error.code === 'ACCOUNT_EXISTS') await auditExistingAccountTried(db, open, input.ip);
    throw error;
  }
  await auditAccepted(invitation, { userId: invitation.userId, email: invitation.email }, 'new');
  return { accepted: true, organization, signIn: true };
}

/**
 * Without mail, the inviting admin holds the link, and a signed-out try on an email that has an
 * account answers ACCOUNT_EXISTS: the link cannot create that account, and no other answer would
 * stay the same once the holder tries to sign in with the password they chose. What is left is to
 * make the probe seen: an instance-level entry (no organization sees it, the operator does) naming
 * the invitation, its organization and who invited.
 */
async function auditExistingAccountTried(
  db: Db,
  open: { id: string; email: string; organization: { slug: string } },
  ip: string | null,
): Promise<void> {
  const [row] = await db.select({ invitedBy: invitations.invitedBy }).from(invitations).where(eq(invitations.id, open.id)).limit(1);
  await appendAuditEvent(db, {
    actorEmail: open.email,
    action: 'members.invitation_refused',
    targetType: 'invitation',
    targetId: open.id,
    outcome: 'failure',
    details: { reason: 'account_exists', organization: open.organization.slug, invitedBy: row?.invitedBy ?? null },
    ip,
  });
}
