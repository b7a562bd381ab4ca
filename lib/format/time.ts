/** Times in the zone a person chose (or their browser's), and the same instant in UTC for hovers. */

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The zones this runtime knows (the server's list may differ from the browser's); only UTC where it cannot tell. */
export function supportedTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
}

/** The zone to show times in: the chosen one, else the browser's. */
export function effectiveTimeZone(chosen: string): string {
  return chosen || browserTimeZone();
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions, locale?: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formatters.set(key, f);
  }
  return f;
}

export function formatDateTime(date: Date, timeZone: string): string {
  return formatter(timeZone, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatDateOnly(date: Date, timeZone: string): string {
  return formatter(timeZone, { dateStyle: 'medium' }).format(date);
}

export function formatTimeOnly(date: Date, timeZone: string): string {
  return formatter(timeZone, { timeStyle: 'short' }).format(date);
}

export function formatShortDateTime(date: Date, timeZone: string): string {
  return formatter(timeZone, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(date);
}

type WallClock = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

/** The date and 24-hour time an instant reads in a zone, each part in Latin digits as written (`2026`, `11`, `24`, `17`, `02`, `00`). */
export function wallClockIn(date: Date, timeZone: string): WallClock {
  const parts = formatter(
    timeZone,
    { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
    'en-US',
  ).formatToParts(date);
  return Object.fromEntries(parts.map((p) => [p.type, p.value])) as WallClock;
}

/** The time of day, 24-hour ("14:03"): notices that name a moment, such as when a budget renews. */
export function formatClock(date: Date, timeZone: string): string {
  return formatter(timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
}

/** "Nov 24": a chart's tick for one day. */
export function formatMonthDay(date: Date, timeZone: string): string {
  return formatter(timeZone, { month: 'short', day: 'numeric' }).format(date);
}

/** "Nov 24, 14": a chart's tick for one hour. */
export function formatMonthDayHour(date: Date, timeZone: string): string {
  return formatter(timeZone, { month: 'short', day: 'numeric', hour: '2-digit' }).format(date);
}

/** `2026-11-24 17:02 (Europe/Paris) · 2026-11-24T16:02:00Z (UTC)`: the hover text of a time. */
export function zoneAndUtc(date: Date, timeZone: string): string {
  const local = wallClockIn(date, timeZone);
  const inZone = `${local.year}-${local.month}-${local.day} ${local.hour}:${local.minute}:${local.second}`;
  return `${inZone} (${timeZone}) · ${date.toISOString().replace('.000Z', 'Z')} (UTC)`;
}

/** The same calendar day test in a zone: for "today, show the time alone". */
export function sameDayIn(a: Date, b: Date, timeZone: string): boolean {
  const f = formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' });
  return f.format(a) === f.format(b);
}
