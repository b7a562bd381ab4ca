import { describe, expect, it } from 'vitest';
import { freshness, STALE_AFTER_MS } from './staleness';

const now = Date.parse('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('stale threshold', () => {
  it('marks live signals stale past one hour and slow ones past twelve hours', () => {
    expect(STALE_AFTER_MS).toEqual({ live: 3_600_000, slow: 43_200_000 });
    expect(freshness(ago(59 * 60_000), now, 'live')).toEqual({ ageMs: 59 * 60_000, stale: false });
    expect(freshness(ago(61 * 60_000), now, 'live').stale).toBe(true);
    expect(freshness(ago(61 * 60_000), now, 'slow').stale).toBe(false);
    expect(freshness(ago(12 * 3_600_000), now, 'slow').stale).toBe(false);
    expect(freshness(ago(12 * 3_600_000 + 1), now, 'slow').stale).toBe(true);
  });

  it('treats a missing or unreadable time as stale with an unknown age', () => {
    expect(freshness(null, now, 'slow')).toEqual({ ageMs: null, stale: true });
    expect(freshness('yesterday', now, 'live')).toEqual({ ageMs: null, stale: true });
  });

  it('does not call a reading from slightly in the future stale (clock skew)', () => {
    expect(freshness(new Date(now + 5_000).toISOString(), now, 'live')).toEqual({ ageMs: -5_000, stale: false });
  });
});
