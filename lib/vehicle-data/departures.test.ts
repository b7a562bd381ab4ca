import { describe, expect, it } from 'vitest';
import { formatUtcOffset, weeklySchedule } from './departures';

describe('departure schedule', () => {
  it('lists each weekday Monday first with its departures in time order', () => {
    const week = weeklySchedule([
      { hour: 14, minute: 30, daysOfWeek: ['SATURDAY', 'SUNDAY'], localTimeOffset: 60 },
      { hour: 7, minute: 5, daysOfWeek: ['MONDAY', 'SATURDAY'], localTimeOffset: 60 },
    ]);
    expect(week.map((d) => d.day)).toEqual(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);
    expect(week[0].departures).toEqual([{ time: '07:05', offset: 'UTC+01:00' }]);
    expect(week[1].departures).toEqual([]);
    expect(week[5].departures.map((d) => d.time)).toEqual(['07:05', '14:30']);
  });

  it('ignores impossible hours and unknown day names, and reads a missing minute as :00', () => {
    const week = weeklySchedule([
      { hour: 25, minute: 0, daysOfWeek: ['MONDAY'] },
      { hour: 6, minute: null, daysOfWeek: ['monday', 'FUNDAY'], localTimeOffset: null },
    ]);
    expect(week[0].departures).toEqual([{ time: '06:00', offset: null }]);
  });

  it('writes offsets in minutes as UTC±hh:mm', () => {
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
    expect(formatUtcOffset(-300)).toBe('UTC−05:00');
    expect(formatUtcOffset(330)).toBe('UTC+05:30');
    expect(formatUtcOffset(undefined)).toBeNull();
  });
});
