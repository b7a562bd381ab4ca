import { describe, expect, it } from 'vitest';
import { parsePeriod } from './period';
import { nextRunAfter, scheduledPeriodKey } from './schedule';

describe('when a scheduled report runs and what it reports', () => {
  it('runs weekly on the next Monday at 06:00 UTC, strictly after the time given', () => {
    // Sunday 29 November 2026.
    expect(nextRunAfter('weekly', new Date('2026-11-29T16:00:00Z')).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect(nextRunAfter('weekly', new Date('2026-11-30T05:59:00Z')).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect(nextRunAfter('weekly', new Date('2026-11-30T06:00:00Z')).toISOString()).toBe('2026-12-07T06:00:00.000Z');
  });

  it('runs monthly on the 1st at 06:00 UTC, across a year’s end', () => {
    expect(nextRunAfter('monthly', new Date('2026-11-29T16:00:00Z')).toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(nextRunAfter('monthly', new Date('2026-12-01T06:00:00Z')).toISOString()).toBe('2027-01-01T06:00:00.000Z');
    expect(nextRunAfter('monthly', new Date('2026-12-01T05:00:00Z')).toISOString()).toBe('2026-12-01T06:00:00.000Z');
  });

  it('reports the whole week (Monday to Sunday) or month just ended, as a period the Reports page reads', () => {
    const week = scheduledPeriodKey('weekly', new Date('2026-11-30T06:00:00Z'));
    expect(week).toBe('2026-11-23..2026-11-29');
    // A run late by a day still reports the same week.
    expect(scheduledPeriodKey('weekly', new Date('2026-12-01T09:00:00Z'))).toBe(week);
    expect(scheduledPeriodKey('monthly', new Date('2026-12-01T06:00:00Z'))).toBe('2026-11');
    expect(scheduledPeriodKey('monthly', new Date('2027-01-01T06:00:00Z'))).toBe('2026-12');
    const parsed = parsePeriod(week);
    expect('period' in parsed && (parsed.period.to.getTime() - parsed.period.from.getTime()) / 86_400_000).toBe(7);
  });
});
