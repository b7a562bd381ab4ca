/**
 * The vendor's `metadata.registrationDate` is a date (`YYYY-MM-DD`) [V], not an instant: read it
 * as the calendar day it names, in no time zone, so no viewer sees the day before.
 */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function registrationDateText(value: string | null | undefined, locale?: string): string | null {
  if (!value) return null;
  const match = DATE_ONLY.exec(value.trim()) ?? DATE_ONLY.exec(value.trim().slice(0, 10));
  if (!match) return value;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
