'use client';

import { useInBrowser } from '@/lib/hooks/use-in-browser';

/** A time in the viewer's time zone, with the UTC value on hover. Server render shows UTC. */
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
  if (value === null || value === undefined || value === '') return <span className="text-zinc-500 dark:text-zinc-400">—</span>;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <span>{String(value)}</span>;
  const utc = date.toISOString().replace('.000Z', 'Z');
  const text = !inBrowser
    ? utc
    : relative
      ? formatRelative(date)
      : dateOnly
        ? date.toLocaleDateString(undefined, { dateStyle: 'medium' })
        : compact
          ? formatCompact(date)
          : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <time dateTime={date.toISOString()} title={`${utc} (UTC)`} className="tabular">
      {text}
    </time>
  );
}

function formatCompact(date: Date, now = new Date()): string {
  if (date.toDateString() === now.toDateString()) return date.toLocaleTimeString(undefined, { timeStyle: 'short' });
  return date.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
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
