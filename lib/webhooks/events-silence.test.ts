import { describe, expect, it } from 'vitest';
import { eventsNotice } from './events-silence';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const base = { hasSecret: true, commandPolling: true, listeningVehicles: 3, now: NOW, silenceMinutes: 15 };

describe('the “events stopped” notice', () => {
  it('says nothing while events arrive, without a secret, or with no vehicle listening', () => {
    expect(eventsNotice({ ...base, lastReceivedAt: new Date(NOW - 14 * 60_000) })).toBeNull();
    expect(eventsNotice({ ...base, hasSecret: false, lastReceivedAt: null })).toBeNull();
    expect(eventsNotice({ ...base, listeningVehicles: 0, lastReceivedAt: new Date(NOW - 60 * 60_000) })).toBeNull();
  });

  it('speaks once none arrived for the configured time, or none ever did, and says when polling is off too', () => {
    expect(eventsNotice({ ...base, lastReceivedAt: new Date(NOW - 15 * 60_000) })).toEqual({
      lastReceivedAt: '2026-11-24T11:45:00.000Z',
      silenceMinutes: 15,
      pollingOff: false,
    });
    expect(eventsNotice({ ...base, commandPolling: false, lastReceivedAt: null })).toEqual({
      lastReceivedAt: null,
      silenceMinutes: 15,
      pollingOff: true,
    });
  });
});
