import { describe, expect, it } from 'vitest';
import { isDayRange } from '@/lib/vehicle-data/days';
import { dayRangeSchema, journeysQuerySchema, TIRE_RANGE_MESSAGE, tireHistoryQuerySchema } from './schemas';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('the three-month tire history range', () => {
  const to = Date.parse('2026-06-30T00:00:00Z');

  it('accepts up to 92 days, the longest three calendar months', () => {
    expect(tireHistoryQuerySchema.safeParse({ from: iso(to - 92 * DAY), to: iso(to) }).success).toBe(true);
    expect(tireHistoryQuerySchema.safeParse({ from: '2026-05-31T00:00:00Z', to: '2026-08-31T00:00:00Z' }).success).toBe(true);
  });

  it('refuses a longer range, naming the start field', () => {
    expect(messages(tireHistoryQuerySchema.safeParse({ from: iso(to - 92 * DAY - 1), to: iso(to) }))).toEqual([
      `from: ${TIRE_RANGE_MESSAGE}`,
    ]);
    expect(messages(tireHistoryQuerySchema.safeParse({ from: '2026-01-01T00:00:00Z', to: '2026-05-01T00:00:00Z' }))).toEqual([
      `from: ${TIRE_RANGE_MESSAGE}`,
    ]);
  });

  it('measures a range without an end up to now', () => {
    expect(tireHistoryQuerySchema.safeParse({ from: iso(Date.now() - 30 * DAY) }).success).toBe(true);
    expect(messages(tireHistoryQuerySchema.safeParse({ from: iso(Date.now() - 100 * DAY) }))).toEqual([`from: ${TIRE_RANGE_MESSAGE}`]);
  });

  it('accepts no range at all (the upstream default) and refuses a reversed or malformed one', () => {
    expect(tireHistoryQuerySchema.safeParse({}).success).toBe(true);
    expect(messages(tireHistoryQuerySchema.safeParse({ from: iso(to), to: iso(to - DAY) }))).toEqual([
      'from: The start must be before the end',
    ]);
    expect(messages(tireHistoryQuerySchema.safeParse({ from: '2026-06-01' }))).toEqual([
      'from: The start must be an ISO 8601 date and time',
    ]);
  });
});

describe('day ranges and the journeys query', () => {
  it('needs two real dates in order', () => {
    expect(dayRangeSchema.safeParse({ from: '2026-03-01', to: '2026-03-01' }).success).toBe(true);
    expect(messages(dayRangeSchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }))).toEqual([
      'to: The end date must not be before the start date',
    ]);
    expect(messages(dayRangeSchema.safeParse({ from: '', to: '2026-02-30' }))).toEqual([
      'from: Enter the start date',
      'to: The end date must be a real date (YYYY-MM-DD)',
    ]);
  });

  it('takes paging and an optional instant range', () => {
    expect(journeysQuerySchema.parse({ pageSize: '50', from: '2026-03-01T00:00:00.000Z' })).toEqual({
      pageSize: 50,
      from: '2026-03-01T00:00:00.000Z',
    });
    expect(messages(journeysQuerySchema.safeParse({ from: '2026-03-02T00:00:00Z', to: '2026-03-01T00:00:00Z' }))).toEqual([
      'to: The end must not be before the start',
    ]);
  });
});

describe('isDayRange', () => {
  it('answers as dayRangeSchema does', () => {
    const samples = [
      { from: '2026-03-01', to: '2026-03-01' },
      { from: '2026-03-01', to: '2026-03-31' },
      { from: '2026-03-02', to: '2026-03-01' },
      { from: '', to: '2026-03-01' },
      { from: '2026-02-30', to: '2026-03-01' },
      { from: '2026-3-1', to: '2026-03-01' },
      { from: '2026-03-01', to: 'today' },
      { from: '2024-02-29', to: '2025-02-28' },
    ];
    for (const range of samples) expect(isDayRange(range), JSON.stringify(range)).toBe(dayRangeSchema.safeParse(range).success);
    expect(samples.filter(isDayRange)).toHaveLength(3);
  });
});
