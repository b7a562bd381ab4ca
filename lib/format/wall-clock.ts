import { wallClockIn } from './time';

// Apart from time.ts, which every page loads for <Time>: only pages that read a typed date or day need this.

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as `YYYY-MM-DD` that exists. */
export function isDayKey(value: string): boolean {
  const match = DAY_KEY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** How far `timeZone` is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const w = wallClockIn(new Date(instant), timeZone);
  const wall = Date.UTC(Number(w.year), Number(w.month) - 1, Number(w.day), Number(w.hour), Number(w.minute), Number(w.second));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock date and time (`2026-11-24T17:02`, as a `datetime-local` input writes
 * it; a day alone is its midnight) reads in `timeZone`: the inverse of wallClockIn. A time in a
 * DST gap moves forward by the gap, so the first real minute of a day that starts in one is its start.
 */
export function instantOfWallClock(local: string, timeZone: string): Date {
  const [y, mo, d, h = 0, mi = 0, s = 0] = local.split(/[-T:]/).map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi, Math.floor(s), Math.round((s % 1) * 1000));
  const guess = wall - zoneOffsetMs(wall, timeZone);
  return new Date(wall - zoneOffsetMs(guess, timeZone));
}
