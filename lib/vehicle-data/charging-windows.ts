import { formatUtcOffset, WEEKDAYS, type Weekday } from './departures';
import type { Figure } from '@/lib/format/figures';

export type ChargingWindowInput = {
  startHour?: Figure;
  startMinute?: Figure;
  endHour?: Figure;
  endMinute?: Figure;
  daysOfWeek?: string[] | null;
  localTimeOffset?: Figure;
};

/** A window on the day it starts; `nextDay` when it ends after midnight (22:00 to 06:00). */
export type ScheduledWindow = { start: string; end: string; nextDay: boolean; offset: string | null };

const pad = (n: number) => String(n).padStart(2, '0');
const validHour = (h: unknown): h is number => typeof h === 'number' && Number.isInteger(h) && h >= 0 && h <= 23;
const minuteOf = (m: unknown) => (typeof m === 'number' && Number.isInteger(m) && m >= 0 && m < 60 ? m : 0);

/** Charging windows per weekday, Monday first, by start time. A window without a valid start or end hour is left out. */
export function weeklyWindows(windows: readonly ChargingWindowInput[]): { day: Weekday; windows: ScheduledWindow[] }[] {
  const byDay = new Map<Weekday, (ScheduledWindow & { sortKey: number })[]>(WEEKDAYS.map((d) => [d, []]));
  for (const w of windows) {
    if (!validHour(w.startHour) || !validHour(w.endHour)) continue;
    const startKey = w.startHour * 60 + minuteOf(w.startMinute);
    const endKey = w.endHour * 60 + minuteOf(w.endMinute);
    const entry = {
      start: `${pad(w.startHour)}:${pad(minuteOf(w.startMinute))}`,
      end: `${pad(w.endHour)}:${pad(minuteOf(w.endMinute))}`,
      nextDay: endKey <= startKey,
      offset: formatUtcOffset(w.localTimeOffset),
      sortKey: startKey,
    };
    for (const name of new Set((w.daysOfWeek ?? []).map((n) => n.toUpperCase()))) byDay.get(name as Weekday)?.push(entry);
  }
  return WEEKDAYS.map((day) => ({
    day,
    windows: byDay
      .get(day)!
      .sort((a, b) => a.sortKey - b.sortKey)
      .map(({ sortKey: _sortKey, ...window }) => window),
  }));
}

/** `22:00–06:00 next day`, in words a screen reader reads well too. */
export function windowText(w: ScheduledWindow): string {
  return `${w.start}–${w.end}${w.nextDay ? ' next day' : ''}`;
}
