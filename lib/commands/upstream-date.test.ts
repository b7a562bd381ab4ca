import { describe, expect, it } from 'vitest';
import { readUpstreamDate } from './upstream-date';

describe('readUpstreamDate', () => {
  it('reads an ISO timestamp as a date', () => {
    expect(readUpstreamDate('2026-11-01T10:00:02Z')).toEqual({ date: new Date('2026-11-01T10:00:02Z'), raw: null });
  });

  it('keeps a value that is not a date as it came', () => {
    expect(readUpstreamDate('yesterday at noon')).toEqual({ date: null, raw: 'yesterday at noon' });
  });

  it('keeps as it came a bare number or a year no database keeps as written', () => {
    expect(readUpstreamDate('1')).toEqual({ date: null, raw: '1' });
    expect(readUpstreamDate('+010000-01-01T00:00:00.000Z')).toEqual({ date: null, raw: '+010000-01-01T00:00:00.000Z' });
    expect(readUpstreamDate('0099-06-01T00:00:00Z')).toEqual({ date: null, raw: '0099-06-01T00:00:00Z' });
  });

  it('says nothing for an absent value', () => {
    expect(readUpstreamDate(null)).toEqual({ date: null, raw: null });
    expect(readUpstreamDate(undefined)).toEqual({ date: null, raw: null });
    expect(readUpstreamDate('')).toEqual({ date: null, raw: null });
  });
});
