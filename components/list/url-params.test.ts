import { createLoader, createSerializer } from 'nuqs';
import { describe, expect, it } from 'vitest';
import { instantOfLocal, numberedPagingParams, parseAsDayKey, parseAsLocalDateTime, parseAsStringWhere } from './url-params';

const loadPaging = createLoader(numberedPagingParams);
const writePaging = createSerializer(numberedPagingParams);

describe('numbered paging in the URL', () => {
  it('counts pages from 1 in the URL and from 0 in the state', () => {
    expect(loadPaging('?page=3&size=50')).toEqual({ page: 2, size: 50 });
    expect(writePaging({ page: 2, size: 50 })).toBe('?page=3&size=50');
  });

  it('leaves the first page and the smallest size out of the URL', () => {
    expect(writePaging({ page: 0, size: 20 })).toBe('');
  });

  it('reads a page that is not a positive integer, or a size not offered, as the defaults', () => {
    for (const query of ['?page=0&size=33', '?page=-2&size=0', '?page=abc&size=abc', '?page=&size=', ''])
      expect(loadPaging(query)).toEqual({ page: 0, size: 20 });
  });

  it('reads a second list of the same page under its own keys', () => {
    const loadBulk = createLoader(numberedPagingParams, { urlKeys: { page: 'bulkPage', size: 'bulkSize' } });
    expect(loadBulk('?page=5&bulkPage=2&bulkSize=100')).toEqual({ page: 1, size: 100 });
  });
});

describe('typed strings', () => {
  it('keeps a string only when it is accepted', () => {
    const uuid = parseAsStringWhere((value) => /^[0-9a-f-]{36}$/i.test(value));
    expect(uuid.parse('0b5e1c0e-5d8c-4c59-9f55-3a52f3c0e1a1')).toBe('0b5e1c0e-5d8c-4c59-9f55-3a52f3c0e1a1');
    expect(uuid.parse('../../admin')).toBeNull();
  });

  it('takes a day only when it exists', () => {
    expect(parseAsDayKey.parse('2028-02-29')).toBe('2028-02-29');
    expect(parseAsDayKey.parse('2026-02-29')).toBeNull();
    expect(parseAsDayKey.parse('29/02/2028')).toBeNull();
  });

  it('takes a wall-clock date and time as a date-time input writes it, and nothing else', () => {
    for (const value of ['2026-11-24T17:02', '2026-11-24T17:02:30', '2026-11-24T00:00:00.500'])
      expect(parseAsLocalDateTime.parse(value)).toBe(value);
    for (const value of ['2026-11-24', '2026-11-24T24:00', '2026-11-24T12:60', '2026-02-30T10:00', '2026-11-24T17:02Z', 'yesterday'])
      expect(parseAsLocalDateTime.parse(value)).toBeNull();
  });
});

describe('instantOfLocal', () => {
  it('reads a wall-clock time in the given zone', () => {
    expect(instantOfLocal('2026-11-24T09:00', 'America/New_York')).toBe('2026-11-24T14:00:00.000Z');
    expect(instantOfLocal('2026-11-24T09:00', 'Asia/Tokyo')).toBe('2026-11-24T00:00:00.000Z');
  });

  it('gives nothing for an empty value', () => {
    expect(instantOfLocal('', 'UTC')).toBeUndefined();
  });
});
