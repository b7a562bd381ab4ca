export const WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

import type { Figure } from '@/lib/format/figures';

/** A departure as read; an hour that is no number leaves it out of the schedule. */
export type DepartureTime = { hour?: Figure; minute?: Figure; daysOfWeek?: string[] | null; localTimeOffset?: Figure };
export type ScheduledDeparture = { time: string; offset: string | null };

const pad = (n: number) => String(n).padStart(2, '0');

/** `localTimeOffset` in minutes east of UTC [A] (the sandbox sends 60, 0, -300), as `UTC+01:00`. */
export function formatUtcOffset(minutes: Figure): string | null {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes)) return null;
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(Math.round(minutes));
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Departures per weekday, Monday first, each day's times in order. Unknown day names are ignored. */
export function weeklySchedule(departures: readonly DepartureTime[]): { day: Weekday; departures: ScheduledDeparture[] }[] {
  const byDay = new Map<Weekday, (ScheduledDeparture & { sortKey: number })[]>(WEEKDAYS.map((d) => [d, []]));
  for (const d of departures) {
    if (typeof d.hour !== 'number' || d.hour < 0 || d.hour > 23) continue;
    const minute = typeof d.minute === 'number' && d.minute >= 0 && d.minute < 60 ? d.minute : 0;
    const entry = { time: `${pad(d.hour)}:${pad(minute)}`, offset: formatUtcOffset(d.localTimeOffset), sortKey: d.hour * 60 + minute };
    for (const name of new Set((d.daysOfWeek ?? []).map((n) => n.toUpperCase()))) byDay.get(name as Weekday)?.push(entry);
  }
  return WEEKDAYS.map((day) => ({
    day,
    departures: byDay
      .get(day)!
      .sort((a, b) => a.sortKey - b.sortKey)
      .map(({ time, offset }) => ({ time, offset })),
  }));
}
