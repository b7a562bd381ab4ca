import { isDayKey } from '@/lib/format/wall-clock';

/**
 * A report's period as the URL names it: a month (`2026-11`), a quarter (`2026-Q4`) or a custom
 * range of whole days (`2026-11-03..2026-11-17`, both days included). Days are UTC days, as the
 * history store counts them; the period is half-open, [from, to).
 */
export type PeriodKind = 'month' | 'quarter' | 'custom';

export interface ReportPeriod {
  kind: PeriodKind;
  /** The URL's text for it. */
  key: string;
  from: Date;
  to: Date;
}

/** The longest custom range: a report reads at most this many days. */
export const MAX_CUSTOM_DAYS = 400;

const DAY_MS = 86_400_000;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;
const RANGE = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/;

const utc = (year: number, monthIndex: number, day = 1) => new Date(Date.UTC(year, monthIndex, day));

/** The period a URL's text names, or null (with why) when it names none. */
export function parsePeriod(text: string): { period: ReportPeriod } | { problem: string } {
  const month = MONTH.exec(text);
  if (month) {
    const [year, index] = [Number(month[1]), Number(month[2]) - 1];
    return { period: { kind: 'month', key: text, from: utc(year, index), to: utc(year, index + 1) } };
  }
  const quarter = QUARTER.exec(text);
  if (quarter) {
    const [year, first] = [Number(quarter[1]), (Number(quarter[2]) - 1) * 3];
    return { period: { kind: 'quarter', key: text, from: utc(year, first), to: utc(year, first + 3) } };
  }
  const range = RANGE.exec(text);
  if (range) {
    const [, start, end] = range;
    if (!isDayKey(start) || !isDayKey(end)) return { problem: 'The range’s days must be real dates (YYYY-MM-DD)' };
    if (end < start) return { problem: 'The range must not end before it starts' };
    const from = new Date(`${start}T00:00:00Z`);
    const to = new Date(Date.parse(`${end}T00:00:00Z`) + DAY_MS);
    if ((to.getTime() - from.getTime()) / DAY_MS > MAX_CUSTOM_DAYS) return { problem: `A range has at most ${MAX_CUSTOM_DAYS} days` };
    return { period: { kind: 'custom', key: text, from, to } };
  }
  return { problem: 'Choose a month (YYYY-MM), a quarter (YYYY-Q1) or a range (YYYY-MM-DD..YYYY-MM-DD)' };
}

/** The month that holds `now` (UTC): a report's period when the URL names none. */
export function currentMonthKey(now: Date): string {
  return now.toISOString().slice(0, 7);
}

export function quarterKeyOf(now: Date): string {
  return `${now.getUTCFullYear()}-Q${Math.floor(now.getUTCMonth() / 3) + 1}`;
}

/** The period's whole UTC days up to and including today's: a day not yet come has no data to miss. */
export function elapsedPart(period: { from: Date; to: Date }, now: Date): { from: Date; to: Date } {
  const endOfToday = (Math.floor(now.getTime() / DAY_MS) + 1) * DAY_MS;
  const to = new Date(Math.max(period.from.getTime(), Math.min(period.to.getTime(), endOfToday)));
  return { from: period.from, to };
}

/** The UTC days [from, to) touches, as `YYYY-MM-DD`, in order. */
export function daysOf(period: { from: Date; to: Date }): string[] {
  const days: string[] = [];
  for (let at = Math.floor(period.from.getTime() / DAY_MS) * DAY_MS; at < period.to.getTime(); at += DAY_MS)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A person's words for the period: `November 2026`, `Q4 2026`, `3 Nov 2026 – 17 Nov 2026`. */
export function periodLabel(period: ReportPeriod): string {
  const day = (at: Date) => `${at.getUTCDate()} ${MONTH_NAMES[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
  if (period.kind === 'month')
    return `${period.from.toLocaleString('en', { month: 'long', timeZone: 'UTC' })} ${period.from.getUTCFullYear()}`;
  if (period.kind === 'quarter') return `Q${Math.floor(period.from.getUTCMonth() / 3) + 1} ${period.from.getUTCFullYear()}`;
  return `${day(period.from)} – ${day(new Date(period.to.getTime() - DAY_MS))}`;
}
