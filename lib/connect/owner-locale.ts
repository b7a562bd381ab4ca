import { LOCALES } from '@/lib/contract/vehicle-api';

/** The languages the owner-facing pages speak: the consent link's locales. */
export const OWNER_LOCALES = LOCALES;
export type OwnerLocale = (typeof OWNER_LOCALES)[number];
export const DEFAULT_OWNER_LOCALE: OwnerLocale = 'en-GB';

/** Each language's name in itself, for the switch. */
export const OWNER_LOCALE_NAMES: Record<OwnerLocale, string> = {
  'en-GB': 'English',
  'de-DE': 'Deutsch',
  'fr-FR': 'Français',
  'nl-NL': 'Nederlands',
};

/**
 * The time zone dates are shown in: the owner's browser zone is unknown to a server-rendered page,
 * and each locale's main country is the best guess (the zone's name is printed with the time).
 */
export const OWNER_TIME_ZONES: Record<OwnerLocale, string> = {
  'en-GB': 'Europe/London',
  'de-DE': 'Europe/Berlin',
  'fr-FR': 'Europe/Paris',
  'nl-NL': 'Europe/Amsterdam',
};

export function isOwnerLocale(value: unknown): value is OwnerLocale {
  return typeof value === 'string' && (OWNER_LOCALES as readonly string[]).includes(value);
}

/** The best owner locale an `Accept-Language` header asks for (exact tag first, then the language alone), or null. */
export function localeFromAcceptLanguage(header: string | null | undefined): OwnerLocale | null {
  if (!header) return null;
  const wanted = header
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of wanted) {
    const exact = OWNER_LOCALES.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    const sameLanguage = OWNER_LOCALES.find((locale) => locale.slice(0, 2).toLowerCase() === language);
    if (sameLanguage) return sameLanguage;
  }
  return null;
}

/** The owner's switch wins, then the language the link was created with, then the browser's, then English. */
export function pickOwnerLocale(input: { chosen?: unknown; stored?: unknown; acceptLanguage?: string | null }): OwnerLocale {
  if (isOwnerLocale(input.chosen)) return input.chosen;
  if (isOwnerLocale(input.stored)) return input.stored;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_OWNER_LOCALE;
}
