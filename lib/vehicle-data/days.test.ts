import { describe, expect, it } from 'vitest';
import { isDayKey } from '@/lib/format/wall-clock';
import { addDays, addMonths, dayKeyOf, daysBetween, zonedDayEnd, zonedDayStart } from './days';

describe('day keys', () => {
  it('names the day of an instant in a time zone', () => {
    expect(dayKeyOf('2026-03-02T23:30:00Z', 'UTC')).toBe('2026-03-02');
    expect(dayKeyOf('2026-03-02T23:30:00Z', 'Europe/Berlin')).toBe('2026-03-03');
    expect(dayKeyOf('2026-03-02T03:30:00Z', 'America/New_York')).toBe('2026-03-01');
    expect(dayKeyOf(null, 'UTC')).toBeNull();
    expect(dayKeyOf('nonsense', 'UTC')).toBeNull();
  });

  it('accepts only real calendar days', () => {
    expect(isDayKey('2026-02-28')).toBe(true);
    expect(isDayKey('2024-02-29')).toBe(true);
    expect(isDayKey('2026-02-29')).toBe(false);
    expect(isDayKey('2026-2-1')).toBe(false);
  });

  it('steps days and months, clamping to the end of a shorter month', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-05-31', -3)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', 3)).toBe('2026-04-15');
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });
});

describe('days in a chosen zone', () => {
  it('starts and ends a day at midnight of that zone, across a DST change', () => {
    expect(zonedDayStart('2026-01-05', 'Asia/Tokyo').toISOString()).toBe('2026-01-04T15:00:00.000Z');
    expect(zonedDayEnd('2026-01-05', 'Asia/Tokyo').toISOString()).toBe('2026-01-05T14:59:59.999Z');
    expect(zonedDayStart('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(zonedDayEnd('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-29T21:59:59.999Z');
    expect(zonedDayStart('2026-11-01', 'America/New_York').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(zonedDayStart('2026-07-01', 'UTC').toISOString()).toBe('2026-07-01T00:00:00.000Z');
  });
});
