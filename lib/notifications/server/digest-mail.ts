import 'server-only';
import { KIND_LABELS } from '../kinds';
import type { DigestGroup } from '../delivery-timing';

export type DigestMail = {
  organizationName: string;
  groups: DigestGroup[];
  /** The member's inbox and delivery settings (absolute). */
  inboxLink: string;
  settingsLink: string;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One mail for every held notification: grouped by kind, each with its link back; plain text and HTML. */
export function digestMailContent(mail: DigestMail): { subject: string; text: string; html: string } {
  const total = mail.groups.reduce((sum, group) => sum + group.items.length, 0);
  const count = total === 1 ? '1 notification' : `${total} notifications`;
  const subject = `[${mail.organizationName}] Digest: ${count}`;
  const text = [
    `${count} held for you by your quiet hours or digest.`,
    '',
    ...mail.groups.flatMap((group) => [
      `${KIND_LABELS[group.kind]} (${group.items.length})`,
      ...group.items.flatMap((item) => [`- ${item.title}`, ...(item.body ? [`  ${item.body}`] : []), `  ${item.link}`]),
      '',
    ]),
    `Every notification: ${mail.inboxLink}`,
    `Change when you receive e-mail: ${mail.settingsLink}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(count)} held for you by your quiet hours or digest.</p>`,
    ...mail.groups.map(
      (group) =>
        `<h3>${escapeHtml(KIND_LABELS[group.kind])} (${group.items.length})</h3><ul>` +
        group.items
          .map(
            (item) =>
              `<li><a href="${escapeHtml(item.link)}">${escapeHtml(item.title)}</a>${item.body ? ` — ${escapeHtml(item.body)}` : ''}</li>`,
          )
          .join('') +
        '</ul>',
    ),
    `<p><a href="${escapeHtml(mail.inboxLink)}">Every notification</a> · <a href="${escapeHtml(mail.settingsLink)}">Change when you receive e-mail</a></p>`,
  ].join('');
  return { subject, text, html };
}
