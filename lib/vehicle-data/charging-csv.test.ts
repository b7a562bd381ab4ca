import { describe, expect, it } from 'vitest';
import { csvRow } from '@/lib/csv';
import { CHARGING_CSV_HEADER, chargingCsvValues, chargingDateFilter } from './charging-csv';

const session = {
  id: 'chs_1',
  startedAt: '2026-11-01T10:00:00.000Z',
  endedAt: '2026-11-01T11:30:00.000Z',
  chargeDuration: 5400,
  kwhFromGrid: 44.5,
  kwhInHvb: 40.25,
  startStateOfCharge: 20,
  endStateOfCharge: 80,
  latitude: 52.52,
  longitude: 13.405,
  kwMedian: 11,
  externalTemperature: -3.5,
};

describe('charging sessions CSV', () => {
  it('maps a session to one value per header column, the duration from start and end', () => {
    const values = chargingCsvValues(session);
    expect(values).toHaveLength(CHARGING_CSV_HEADER.length);
    expect(csvRow(values)).toBe('chs_1,2026-11-01T10:00:00.000Z,2026-11-01T11:30:00.000Z,90,44.5,40.25,20,80,52.52,13.405,11,-3.5\r\n');
  });

  it('shows a value that did not parse as it came, and a missing one as empty', () => {
    const row = csvRow(
      chargingCsvValues({ ...session, endedAt: null, chargeDuration: 'about an hour', kwhInHvb: 'n/a', latitude: undefined }),
    );
    expect(row).toBe('chs_1,2026-11-01T10:00:00.000Z,,about an hour,44.5,n/a,20,80,,13.405,11,-3.5\r\n');
  });

  it('falls back to chargeDuration (seconds) when there is no end', () => {
    expect(chargingCsvValues({ ...session, endedAt: undefined, chargeDuration: 1830 })[3]).toBe(30.5);
  });

  it('never lets a value that looks like a formula run in a spreadsheet', () => {
    const row = csvRow(chargingCsvValues({ ...session, id: '=HYPERLINK("http://x")', kwhFromGrid: '+1+1', startedAt: '@SUM(A1)' }));
    expect(row.startsWith(`"'=HYPERLINK(""http://x"")",'@SUM(A1),`)).toBe(true);
    expect(row).toContain(",'+1+1,");
  });

  it('filters on the start of the session, and not at all without a range', () => {
    expect(chargingDateFilter('2026-11-01T00:00:00.000Z', '2026-11-30T23:59:59.999Z')).toEqual([
      { field: 'startedAt', operator: '>=', value: '2026-11-01T00:00:00.000Z' },
      { field: 'startedAt', operator: '<=', value: '2026-11-30T23:59:59.999Z' },
    ]);
    expect(chargingDateFilter()).toBeUndefined();
  });
});
