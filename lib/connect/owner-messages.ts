import { createFormatter, createTranslator } from 'next-intl';
import deDE from './messages/de-DE.json';
import enGB from './messages/en-GB.json';
import frFR from './messages/fr-FR.json';
import nlNL from './messages/nl-NL.json';
import { OWNER_TIME_ZONES, type OwnerLocale } from './owner-locale';

export type OwnerMessages = typeof enGB;

/** The owner-facing texts, one file per locale (lib/connect/messages); English is the reference. */
export const OWNER_MESSAGES: Record<OwnerLocale, OwnerMessages> = { 'en-GB': enGB, 'de-DE': deDE, 'fr-FR': frFR, 'nl-NL': nlNL };

/**
 * next-intl's core translator and formatter: the owner's page is the only translated one, so the
 * console keeps no locale routing, provider or request config; the page asks for its language here.
 */
export function ownerIntl(locale: OwnerLocale) {
  const timeZone = OWNER_TIME_ZONES[locale];
  const t = createTranslator({ locale, messages: OWNER_MESSAGES[locale], timeZone });
  const format = createFormatter({ locale, timeZone });
  return {
    locale,
    t,
    format,
    /** "12 March 2026, 14:05 CET" in the owner's words. */
    dateTime: (date: Date) => format.dateTime(date, { dateStyle: 'long', timeStyle: 'short' }),
  };
}
export type OwnerIntl = ReturnType<typeof ownerIntl>;
