import { describe, expect, it } from 'vitest';
import { bucketTireReadings, pressureOf, tireBucketSize } from './tires';

const row = (bucket: string, fl: string | null, fr = '240.0', rl = '238.0', rr = '238.5') => ({
  bucket,
  frontLeft: fl,
  frontRight: fr,
  rearLeft: rl,
  rearRight: rr,
});

describe('tire readings', () => {
  it('reads decimal strings and refuses what is not a pressure', () => {
    expect(pressureOf('245.5')).toBe(245.5);
    expect(pressureOf(230)).toBe(230);
    expect(pressureOf('')).toBeNull();
    expect(pressureOf('n/a')).toBeNull();
    expect(pressureOf('0')).toBeNull();
    expect(pressureOf(null)).toBeNull();
  });

  it('keeps hours for up to a week and uses days beyond', () => {
    const start = Date.parse('2026-03-01T00:00:00Z');
    expect(tireBucketSize(start, start + 7 * 86_400_000)).toBe('hour');
    expect(tireBucketSize(start, start + 7 * 86_400_000 + 1)).toBe('day');
  });

  it('gives min, mean and max per tire and day, ignoring missing readings', () => {
    const buckets = bucketTireReadings(
      [
        row('2026-03-02T01:00:00Z', '250.0'),
        row('2026-03-01T10:00:00Z', '240.0'),
        row('2026-03-01T11:00:00Z', '244.0'),
        row('2026-03-01T12:00:00Z', null),
      ],
      'day',
      'UTC',
    );
    expect(buckets.map((b) => [b.key, b.readings])).toEqual([
      ['2026-03-01', 3],
      ['2026-03-02', 1],
    ]);
    expect(buckets[0].frontLeft).toEqual({ min: 240, mean: 242, max: 244 });
    expect(buckets[0].frontRight).toEqual({ min: 240, mean: 240, max: 240 });
    expect(buckets[0].start).toBe('2026-03-01T10:00:00Z');
  });

  it('keeps each hourly row as its own bucket, and a tire with no reading is null', () => {
    const buckets = bucketTireReadings([row('2026-03-01T10:00:00Z', null), row('not a time', '1')], 'hour', 'UTC');
    expect(buckets).toHaveLength(1);
    expect(buckets[0].key).toBe('2026-03-01T10:00:00.000Z');
    expect(buckets[0].frontLeft).toBeNull();
  });
});
