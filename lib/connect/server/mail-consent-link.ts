import 'server-only';
import { publishChange } from '@/lib/live/server/publish-change';
import { getDb, type Db } from '@/lib/db';
import { recordConsentLinkMailed } from '@/lib/db/repos/consent-link-mail';
import { getConsentLink } from '@/lib/db/repos/consent-links';
import { AppError } from '@/lib/errors/app-error';
import { logger } from '@/lib/ops/log';
import { configuredMailer, type Mailer } from '@/lib/ops/mail';
import type { Org } from '@/lib/org/org-access';
import type { MailLinkInput } from '@/lib/connect/mail-schemas';
import type { OwnerFaceView } from '@/lib/connect/owner-face';
import { pickOwnerLocale, type OwnerLocale } from '@/lib/connect/owner-locale';
import { ownerIntl } from '@/lib/connect/owner-messages';
import { ownerScopes, scopeMessageKey } from '@/lib/connect/owner-scopes';
import { ownerFaceOf } from './owner-face';

export type ConsentLinkMail = {
  locale: OwnerLocale;
  face: OwnerFaceView;
  url: string;
  expiresAt: Date;
  singleVehicle: boolean;
  scopes: string[];
};

/** The mail's subject and plain text, in the owner's language, with the organization's face and the expiry. */
export function consentLinkMailText(mail: ConsentLinkMail): { subject: string; text: string } {
  const { t, dateTime } = ownerIntl(mail.locale);
  const org = mail.face.name;
  const kind = mail.singleVehicle ? 'vehicle' : 'account';
  const scopes = ownerScopes(mail.scopes).map(
    (scope) => `- ${t(`shared.scope.${scopeMessageKey(scope)}` as 'shared.scope.vehicle_all', { kind })}`,
  );
  const contact = [mail.face.supportEmail, mail.face.supportPhone].filter(Boolean).join(', ');
  const lines = [
    t('mail.hello'),
    '',
    t('mail.ask', { org, kind }),
    ...(scopes.length ? ['', t('mail.asks', { org }), ...scopes] : []),
    '',
    t('mail.open'),
    mail.url,
    '',
    t('mail.expires', { org, date: dateTime(mail.expiresAt) }),
    ...(contact ? ['', t('mail.contact', { org, contact })] : []),
    ...(mail.face.privacyUrl ? [`${t('contact.privacy')}: ${mail.face.privacyUrl}`] : []),
    '',
    t('mail.ignore'),
    '',
    `${org}`,
    t('poweredBy'),
  ];
  return { subject: t('mail.subject', { org }), text: lines.join('\n') };
}

/**
 * E-mails a pending consent link to the owner, in the link's language, and records the address and
 * time. Mail must be configured (SMTP_URL); a link that expired or was answered is not sent.
 */
export async function mailConsentLink(
  org: Pick<Org, 'id' | 'name'>,
  linkId: string,
  input: MailLinkInput,
  db: Db = getDb(),
  mailer: Mailer | undefined = configuredMailer(),
): Promise<{ mailedTo: string; mailedAt: string }> {
  const link = await getConsentLink(db, org.id, linkId);
  if (!link) throw new AppError('NOT_FOUND', 'No such consent link.');
  if (link.status !== 'PENDING')
    throw new AppError('CONFLICT', 'This link has expired or was already answered: create a new link and send that one.');
  if (!mailer)
    throw new AppError('MAIL_UNAVAILABLE', 'Mail is not set up on this console (SMTP_URL and SMTP_FROM): copy the link instead.');
  const { subject, text } = consentLinkMailText({
    locale: pickOwnerLocale({ stored: link.locale }),
    face: await ownerFaceOf(org, db),
    url: link.url,
    expiresAt: link.expiresAt,
    singleVehicle: link.vin !== null,
    scopes: link.scopes,
  });
  try {
    await mailer.transport.sendMail({ from: mailer.from, to: input.to, subject, text });
  } catch (error) {
    logger().error({ event: 'connect.link_mail_failed', err: error }, 'consent link mail failed');
    throw new AppError('MAIL_FAILED', 'The mail server did not take the message. Try again, or copy the link.');
  }
  const at = new Date();
  await recordConsentLinkMailed(db, org.id, link.id, input.to, at);
  await publishChange(org.id, { kind: 'consent-link', linkId: link.id });
  return { mailedTo: input.to, mailedAt: at.toISOString() };
}
