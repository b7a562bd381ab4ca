import { describe, expect, it } from 'vitest';
import { weeklyWindows, windowText } from './charging-windows';

const day = (week: ReturnType<typeof weeklyWindows>, name: string) => week.find((d) => d.day === name)!.windows;

describe('weeklyWindows', () => {
  it('lays windows out per weekday, Monday first, by start time', () => {
    const week = weeklyWindows([
      { startHour: 13, startMinute: 0, endHour: 15, endMinute: 30, daysOfWeek: ['MONDAY'], localTimeOffset: 60 },
      { startHour: 1, startMinute: 30, endHour: 5, endMinute: 0, daysOfWeek: ['MONDAY', 'SUNDAY'], localTimeOffset: 60 },
    ]);
    expect(week.map((d) => d.day)).toEqual(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);
    expect(day(week, 'MONDAY').map(windowText)).toEqual(['01:30–05:00', '13:00–15:30']);
    expect(day(week, 'MONDAY')[0].offset).toBe('UTC+01:00');
    expect(day(week, 'SUNDAY')).toHaveLength(1);
    expect(day(week, 'TUESDAY')).toEqual([]);
  });

  it('marks a window that ends after midnight on the day it starts', () => {
    const [window] = day(weeklyWindows([{ startHour: 22, endHour: 6, daysOfWeek: ['friday'] }]), 'FRIDAY');
    expect(window).toMatchObject({ start: '22:00', end: '06:00', nextDay: true });
    expect(windowText(window)).toBe('22:00–06:00 next day');
  });

  it('treats a window from a time to the same time as a whole day round', () => {
    expect(day(weeklyWindows([{ startHour: 0, endHour: 0, daysOfWeek: ['MONDAY'] }]), 'MONDAY')[0].nextDay).toBe(true);
  });

  it('leaves out windows without a valid start or end hour, and unknown day names', () => {
    const week = weeklyWindows([
      { startHour: 24, endHour: 6, daysOfWeek: ['MONDAY'] },
      { startHour: null, endHour: 6, daysOfWeek: ['MONDAY'] },
      { startHour: 1, endHour: 2, daysOfWeek: ['FUNDAY'] },
      { startHour: 1, endHour: 2, daysOfWeek: null },
    ]);
    expect(week.every((d) => d.windows.length === 0)).toBe(true);
  });
});
