import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from './kinds';
import { DEFAULT_DELIVERY, digestDue, groupDigest, inQuietHours, isUrgent, mailTiming, type DeliveryPreferences } from './delivery-timing';

const berlin: DeliveryPreferences = { ...DEFAULT_DELIVERY, timeZone: 'Europe/Berlin', quietStart: '22:00', quietEnd: '07:00' };
const at = (iso: string) => new Date(iso);

describe('quiet hours 22:00–07:00 in Europe/Berlin across the daylight-saving changes', () => {
  // 2026: summer time starts Sunday 29 March (02:00 CET -> 03:00 CEST) and ends Sunday 25 October (03:00 CEST -> 02:00 CET).
  it('holds the night into the spring change and releases at 07:00 summer time (05:00 UTC)', () => {
    expect(inQuietHours(berlin, at('2026-03-28T20:59:00Z'))).toBe(false); // 21:59 CET
    expect(inQuietHours(berlin, at('2026-03-28T21:00:00Z'))).toBe(true); // 22:00 CET
    expect(inQuietHours(berlin, at('2026-03-29T00:59:00Z'))).toBe(true); // 01:59 CET
    expect(inQuietHours(berlin, at('2026-03-29T01:00:00Z'))).toBe(true); // 03:00 CEST (02:xx never happens)
    expect(inQuietHours(berlin, at('2026-03-29T04:59:00Z'))).toBe(true); // 06:59 CEST
    expect(inQuietHours(berlin, at('2026-03-29T05:00:00Z'))).toBe(false); // 07:00 CEST
    // The same UTC instant a day earlier was still winter time: 06:00 CET, quiet.
    expect(inQuietHours(berlin, at('2026-03-28T05:00:00Z'))).toBe(true);
    // The evening after the change starts at 22:00 CEST = 20:00 UTC.
    expect(inQuietHours(berlin, at('2026-03-29T19:59:00Z'))).toBe(false);
    expect(inQuietHours(berlin, at('2026-03-29T20:00:00Z'))).toBe(true);
  });

  it('holds the night into the autumn change, through the repeated hour, and releases at 07:00 winter time (06:00 UTC)', () => {
    expect(inQuietHours(berlin, at('2026-10-24T19:59:00Z'))).toBe(false); // 21:59 CEST
    expect(inQuietHours(berlin, at('2026-10-24T20:00:00Z'))).toBe(true); // 22:00 CEST
    expect(inQuietHours(berlin, at('2026-10-25T00:30:00Z'))).toBe(true); // 02:30 CEST
    expect(inQuietHours(berlin, at('2026-10-25T01:30:00Z'))).toBe(true); // 02:30 CET, the hour again
    expect(inQuietHours(berlin, at('2026-10-25T05:00:00Z'))).toBe(true); // 06:00 CET
    expect(inQuietHours(berlin, at('2026-10-25T05:59:00Z'))).toBe(true); // 06:59 CET
    expect(inQuietHours(berlin, at('2026-10-25T06:00:00Z'))).toBe(false); // 07:00 CET
    // A day earlier 05:00 UTC was 07:00 summer time: already over.
    expect(inQuietHours(berlin, at('2026-10-24T05:00:00Z'))).toBe(false);
  });

  it('releases a mail held at 23:30 on each change night at the first pass after 07:00 local, not before', () => {
    const nights = [
      { heldAt: '2026-03-28T22:30:00Z', stillQuiet: '2026-03-29T04:59:00Z', due: '2026-03-29T05:00:00Z' },
      { heldAt: '2026-10-24T21:30:00Z', stillQuiet: '2026-10-25T05:59:00Z', due: '2026-10-25T06:00:00Z' },
    ];
    for (const night of nights) {
      expect(mailTiming(berlin, false, at(night.heldAt))).toBe('hold');
      expect(digestDue(berlin, at(night.heldAt), at(night.stillQuiet))).toBe(false);
      expect(digestDue(berlin, at(night.heldAt), at(night.due))).toBe(true);
    }
  });
});

describe('when a mail goes out', () => {
  it('lets urgent kinds through quiet hours only when the member allows it', () => {
    const night = at('2026-11-20T23:30:00Z'); // 00:30 CET
    expect(mailTiming(berlin, true, night)).toBe('now');
    expect(mailTiming({ ...berlin, urgentDuringQuiet: false }, true, night)).toBe('hold');
    expect(mailTiming(berlin, false, night)).toBe('hold');
    expect(mailTiming(berlin, false, at('2026-11-20T12:00:00Z'))).toBe('now');
  });

  it('names failed commands and critical alerts urgent, the rest not', () => {
    expect(isUrgent('command_failed')).toBe(true);
    expect(isUrgent('alert_severity', 'CRITICAL')).toBe(true);
    expect(isUrgent('alert_severity', 'HIGH')).toBe(false);
    expect(isUrgent('no_data')).toBe(false);
  });

  it('puts non-urgent kinds in the hourly digest, due once a new local hour has begun', () => {
    const hourly: DeliveryPreferences = { ...DEFAULT_DELIVERY, timeZone: 'Asia/Kolkata', digest: 'hourly' };
    expect(mailTiming(hourly, false, at('2026-11-20T10:10:00Z'))).toBe('hold');
    expect(mailTiming(hourly, true, at('2026-11-20T10:10:00Z'))).toBe('now');
    // Kolkata is UTC+5:30: 10:10 UTC is 15:40 local; the next local hour starts at 10:30 UTC.
    expect(digestDue(hourly, at('2026-11-20T10:10:00Z'), at('2026-11-20T10:29:00Z'))).toBe(false);
    expect(digestDue(hourly, at('2026-11-20T10:10:00Z'), at('2026-11-20T10:30:00Z'))).toBe(true);
  });

  it('sends the daily digest once the chosen local hour has come since the oldest held mail', () => {
    const daily: DeliveryPreferences = { ...DEFAULT_DELIVERY, timeZone: 'America/New_York', digest: 'daily', digestHour: 8 };
    const held = at('2026-11-20T15:00:00Z'); // 10:00 EST
    expect(digestDue(daily, held, at('2026-11-21T12:59:00Z'))).toBe(false); // 07:59 EST next day
    expect(digestDue(daily, held, at('2026-11-21T13:00:00Z'))).toBe(true); // 08:00 EST
    // Held just after midnight local: the same morning's 08:00 sends it.
    expect(digestDue(daily, at('2026-11-21T05:30:00Z'), at('2026-11-21T13:00:00Z'))).toBe(true);
  });
});

describe('digest grouping', () => {
  it('groups held items by kind in the catalog’s order, oldest first within a kind', () => {
    const item = (kind: (typeof NOTIFICATION_KINDS)[number], title: string, minute: number) => ({
      kind,
      title,
      body: '',
      link: `https://motorpool.example/${title}`,
      heldAt: new Date(Date.UTC(2026, 10, 20, 22, minute)),
    });
    const groups = groupDigest(
      [item('vehicle_disconnected', 'd1', 5), item('no_data', 'n2', 9), item('no_data', 'n1', 1), item('bulk_failures', 'b1', 3)],
      NOTIFICATION_KINDS,
    );
    expect(groups.map((g) => [g.kind, g.items.map((i) => i.title)])).toEqual([
      ['no_data', ['n1', 'n2']],
      ['vehicle_disconnected', ['d1']],
      ['bulk_failures', ['b1']],
    ]);
  });
});
