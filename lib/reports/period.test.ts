import { describe, expect, it } from 'vitest';
import { daysOf, elapsedPart, parsePeriod, periodLabel } from './period';

const iso = (d: Date) => d.toISOString();

describe('a report period', () => {
  it('reads a month, a quarter and a range of whole UTC days as half-open periods', () => {
    const month = parsePeriod('2026-02');
    expect('period' in month && [iso(month.period.from), iso(month.period.to)]).toEqual([
      '2026-02-01T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ]);
    const quarter = parsePeriod('2026-Q4');
    expect('period' in quarter && [iso(quarter.period.from), iso(quarter.period.to)]).toEqual([
      '2026-10-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
    const range = parsePeriod('2026-11-03..2026-11-17');
    expect('period' in range && [iso(range.period.from), iso(range.period.to)]).toEqual([
      '2026-11-03T00:00:00.000Z',
      '2026-11-18T00:00:00.000Z',
    ]);
    expect('period' in range && periodLabel(range.period)).toBe('3 Nov 2026 – 17 Nov 2026');
    expect('period' in quarter && periodLabel(quarter.period)).toBe('Q4 2026');
  });

  it('refuses what names no period, saying why', () => {
    expect(parsePeriod('2026-13')).toHaveProperty('problem');
    expect(parsePeriod('2026-Q5')).toHaveProperty('problem');
    expect(parsePeriod('2026-02-30..2026-03-01')).toEqual({ problem: 'The range’s days must be real dates (YYYY-MM-DD)' });
    expect(parsePeriod('2026-11-17..2026-11-03')).toEqual({ problem: 'The range must not end before it starts' });
    expect(parsePeriod('2025-01-01..2026-12-31')).toEqual({ problem: 'A range has at most 400 days' });
  });

  it('counts its days up to and including today, none after', () => {
    const november = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') };
    const sofar = elapsedPart(november, new Date('2026-11-10T12:00:00Z'));
    expect(daysOf(sofar)).toHaveLength(10);
    expect(daysOf(elapsedPart(november, new Date('2027-01-05T00:00:00Z')))).toHaveLength(30);
    expect(daysOf(elapsedPart(november, new Date('2026-10-05T00:00:00Z')))).toEqual([]);
  });
});
