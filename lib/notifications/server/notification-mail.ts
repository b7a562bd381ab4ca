import 'server-only';
import type { Mailer } from '@/lib/ops/mail';
import { logger } from '@/lib/ops/log';

export type NotificationMail = {
  to: string;
  organizationName: string;
  ruleName: string;
  title: string;
  body: string;
  /** The exact page the notification is about (absolute), or the inbox. */
  link: string;
  /** Stops this rule's mail for this member (absolute). */
  unsubscribeLink: string;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail of one notification: a plain-text part and a small HTML one with the same words and links. */
export function notificationMailContent(mail: NotificationMail): { subject: string; text: string; html: string } {
  const subject = `[${mail.organizationName}] ${mail.title}`;
  const text = [
    mail.title,
    '',
    ...(mail.body ? [mail.body, ''] : []),
    `Open it in Motorpool: ${mail.link}`,
    '',
    `You receive this because of the rule "${mail.ruleName}" in ${mail.organizationName}.`,
    `Stop e-mail from this rule: ${mail.unsubscribeLink}`,
  ].join('\n');
  const html = [
    `<p><strong>${escapeHtml(mail.title)}</strong></p>`,
    mail.body ? `<p>${escapeHtml(mail.body)}</p>` : '',
    `<p><a href="${escapeHtml(mail.link)}">Open it in Motorpool</a></p>`,
    `<p style="color:#555;font-size:12px">You receive this because of the rule “${escapeHtml(mail.ruleName)}” in ${escapeHtml(mail.organizationName)}.`,
    ` <a href="${escapeHtml(mail.unsubscribeLink)}">Stop e-mail from this rule</a>.</p>`,
  ].join('');
  return { subject, text, html };
}

/** Hands one notification mail to the SMTP server; a failure is logged and answered false, never thrown. */
export async function sendNotificationMail(mail: NotificationMail, mailer: Mailer): Promise<boolean> {
  const { subject, text, html } = notificationMailContent(mail);
  try {
    await mailer.transport.sendMail({
      from: mailer.from,
      to: mail.to,
      subject,
      text,
      html,
      headers: { 'List-Unsubscribe': `<${mail.unsubscribeLink}>` },
    });
    return true;
  } catch (error) {
    logger().error({ event: 'notifications.mail_failed', err: error }, 'notification mail failed');
    return false;
  }
}
