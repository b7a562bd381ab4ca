'use client';

import { formatDateOnly, formatDateTime, formatShortDateTime, formatTimeOnly, sameDayIn, zoneAndUtc } from '@/lib/format/time';
import { useInBrowser } from '@/lib/hooks/use-in-browser';
import { usePreferences } from '@/lib/hooks/use-preferences';

/**
 * A time in the person's chosen time zone (else the browser's); hovering shows it in that zone
 * and in UTC. Server render shows UTC.
 */
/** `compact`: the time alone when it is today, else a short date and time. */
export function Time({
  value,
  relative = false,
  dateOnly = false,
  compact = false,
}: {
  value: string | number | Date | null | undefined;
  relative?: boolean;
  dateOnly?: boolean;
  compact?: boolean;
}) {
  const inBrowser = useInBrowser();
  const { zone } = usePreferences();
  if (value === null || value === undefined || value === '') return <span className="text-zinc-500 dark:text-zinc-400">—</span>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{String(value)}</span>;
  const utc = date.toISOString().replace('.000Z', 'Z');
  const text = !inBrowser
    ? utc
    : relative
      ? formatRelative(date)
      : dateOnly
        ? formatDateOnly(date, zone)
        : compact
          ? formatCompact(date, zone)
          : formatDateTime(date, zone);
  return (
    <time dateTime={date.toISOString()} title={inBrowser ? zoneAndUtc(date, zone) : `${utc} (UTC)`} className="tabular">
      {text}
    </time>
  );
}

function formatCompact(date: Date, zone: string, now = new Date()): string {
  if (sameDayIn(date, now, zone)) return formatTimeOnly(date, zone);
  return formatShortDateTime(date, zone);
}

export function formatRelative(date: Date, now = Date.now()): string {
  const seconds = Math.round((date.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  if (abs < 60) return rtf.format(seconds, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  return rtf.format(Math.round(seconds / 86_400), 'day');
}
