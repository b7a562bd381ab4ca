import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatClock, formatDateOnly, formatMonthDay, formatMonthDayHour } from './time';

// 23:30 UTC on 24 November: already the 25th in Tokyo, still the 24th (18:30) in New York.
const instant = new Date('2026-11-24T23:30:00Z');
let processZone: string | undefined;

describe('times outside <Time> follow the chosen zone, not the machine’s', () => {
  beforeEach(() => {
    processZone = process.env.TZ;
    // The "browser" zone differs from both zones chosen below, so following it would show.
    process.env.TZ = 'Europe/Paris';
  });
  afterEach(() => {
    process.env.TZ = processZone;
  });

  it('says the time of day in the chosen zone, 24-hour', () => {
    expect(formatClock(instant, 'Asia/Tokyo')).toBe('08:30');
    expect(formatClock(instant, 'America/New_York')).toBe('18:30');
    expect(formatClock(instant, 'UTC')).toBe('23:30');
  });

  it('puts a chart tick on the day and hour of the chosen zone', () => {
    expect(formatMonthDay(instant, 'Asia/Tokyo')).toMatch(/25/);
    expect(formatMonthDay(instant, 'America/New_York')).toMatch(/24/);
    expect(formatMonthDayHour(instant, 'Asia/Tokyo')).toMatch(/25.*08|08.*25/);
    expect(formatMonthDayHour(instant, 'America/New_York')).toMatch(/24.*(18|06)|(18|06).*24/);
  });

  it('dates a notice on the day of the chosen zone', () => {
    expect(formatDateOnly(instant, 'Asia/Tokyo')).toMatch(/25/);
    expect(formatDateOnly(instant, 'America/New_York')).toMatch(/24/);
  });
});
