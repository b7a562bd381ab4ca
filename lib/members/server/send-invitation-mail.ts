import 'server-only';
import type { Mailer } from '@/lib/ops/mail';
import { logger } from '@/lib/ops/log';

export type InvitationMail = { to: string; organizationName: string; role: string; inviteUrl: string; expiresAt: Date };

/** The text of an invitation mail: the link, who it is for, and when it expires. */
export function invitationMailText(mail: InvitationMail): { subject: string; text: string } {
  return {
    subject: `You are invited to ${mail.organizationName} on Motorpool`,
    text: [
      `You have been invited to join ${mail.organizationName} on Motorpool as ${mail.role}.`,
      '',
      `Open this link to accept (it works once, until ${mail.expiresAt.toUTCString()}):`,
      mail.inviteUrl,
      '',
      'If you did not expect this invitation, ignore this mail.',
    ].join('\n'),
  };
}

/**
 * Mails the invitation link; answers whether a mail was handed to the server. A failure is
 * logged, not thrown: the invitation stands, and the admin can revoke it and invite again.
 */
export async function sendInvitationMail(mail: InvitationMail, mailer: Mailer): Promise<boolean> {
  const { subject, text } = invitationMailText(mail);
  try {
    await mailer.transport.sendMail({ from: mailer.from, to: mail.to, subject, text });
    return true;
  } catch (error) {
    logger().error({ event: 'members.invitation_mail_failed', err: error }, 'invitation mail failed');
    return false;
  }
}
