import { instantOfWallClock, isDayKey } from '@/lib/format/wall-clock';

/**
 * Calendar days as `YYYY-MM-DD` keys. Grouping uses an explicit time zone (the person's chosen one, else the
 * browser's) so that a journey at 00:30 local time counts for the day the viewer sees.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The day an instant falls on in `timeZone`, or null for a missing or unreadable instant. */
export function dayKeyOf(instant: string | number | Date | null | undefined, timeZone: string): string | null {
  if (instant === null || instant === undefined || instant === '') return null;
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A range as `dayRangeSchema` accepts it (two real days, the first not after the second), for a page that needs only the yes or no. */
export function isDayRange(range: { from: string; to: string }): boolean {
  return isDayKey(range.from) && isDayKey(range.to) && range.from <= range.to;
}

/** A day key as the reader's locale writes a date ("24 Nov 2026"), the same day whatever the zone. */
export function dayLabel(key: string): string {
  return new Date(`${key}T12:00:00Z`).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** Calendar arithmetic on keys (no time zone involved). Month steps clamp to the month's last day. */
export function addDays(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function addMonths(key: string, months: number): string {
  const [y, m, d] = key.split('-').map(Number);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included (empty when `to` is before `from`). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < 3700; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Midnight at the start of a day in `timeZone`, as an instant (a day starting in a DST gap starts at its first real minute). */
export function zonedDayStart(key: string, timeZone: string): Date {
  return instantOfWallClock(key, timeZone);
}

/** Last millisecond of a day in `timeZone`. */
export function zonedDayEnd(key: string, timeZone: string): Date {
  return new Date(zonedDayStart(addDays(key, 1), timeZone).getTime() - 1);
}
