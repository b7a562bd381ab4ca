import { describe, expect, it } from 'vitest';
import { wallClockIn } from './time';
import { instantOfWallClock } from './wall-clock';

describe('instantOfWallClock', () => {
  it('is the inverse of wallClockIn, whatever the machine’s zone', () => {
    const processZone = process.env.TZ;
    process.env.TZ = 'Pacific/Auckland';
    try {
      const back = instantOfWallClock('2026-11-24T18:30', 'America/New_York');
      expect(back.toISOString()).toBe('2026-11-24T23:30:00.000Z');
      expect(wallClockIn(back, 'America/New_York')).toMatchObject({ day: '24', hour: '18', minute: '30' });
    } finally {
      process.env.TZ = processZone;
    }
  });

  it('moves a time in a DST gap forward by the gap', () => {
    // Berlin's clocks jump from 02:00 to 03:00 on 29 March 2026: 02:30 does not exist there.
    expect(instantOfWallClock('2026-03-29T02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('reads seconds and a day alone as its midnight', () => {
    expect(instantOfWallClock('2026-11-24T18:30:15.250', 'UTC').toISOString()).toBe('2026-11-24T18:30:15.250Z');
    expect(instantOfWallClock('2026-11-24', 'Asia/Tokyo').toISOString()).toBe('2026-11-23T15:00:00.000Z');
  });
});
