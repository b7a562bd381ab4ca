import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { parseFilter, toPredicate } from './filter';

const records = [
  {
    id: 'a',
    make: 'Tesla',
    modelYear: '2021',
    n: 5,
    metadata: { accountId: 'acc_1', lastSeenAt: '2026-05-01T10:00:00.000Z' },
    plate: null,
  },
  {
    id: 'b',
    make: 'Volkswagen',
    modelYear: '2023',
    n: 10,
    metadata: { accountId: 'acc_2', lastSeenAt: '2026-05-20T10:00:00.000Z' },
    plate: 'AB12 CDE',
  },
  { id: 'c', make: 'BMW', modelYear: null, n: 15, metadata: { accountId: 'acc_1', lastSeenAt: '2026-04-01T00:00:00Z' }, plate: 'XY-123-Z' },
];

function ids(filter: unknown): string[] {
  const predicate = toPredicate(parseFilter(JSON.stringify(filter)))!;
  return records.filter(predicate).map((r) => r.id);
}

function rejects(text: string): void {
  try {
    parseFilter(text);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('REQUEST_VALIDATION_ERROR');
    return;
  }
  throw new Error(`accepted ${text}`);
}

describe('filter grammar', () => {
  it('supports every comparison operator', () => {
    expect(ids({ field: 'make', operator: '==', value: 'Tesla' })).toEqual(['a']);
    expect(ids({ field: 'make', operator: '!=', value: 'Tesla' })).toEqual(['b', 'c']);
    expect(ids({ field: 'n', operator: '>', value: 5 })).toEqual(['b', 'c']);
    expect(ids({ field: 'n', operator: '<', value: 10 })).toEqual(['a']);
    expect(ids({ field: 'n', operator: '>=', value: 10 })).toEqual(['b', 'c']);
    expect(ids({ field: 'n', operator: '<=', value: 10 })).toEqual(['a', 'b']);
  });

  it('supports isNull, isNotNull, like, ilike and notIlike', () => {
    expect(ids({ field: 'modelYear', operator: 'isNull' })).toEqual(['c']);
    expect(ids({ field: 'plate', operator: 'isNotNull' })).toEqual(['b', 'c']);
    expect(ids({ field: 'make', operator: 'like', value: 'T%' })).toEqual(['a']);
    expect(ids({ field: 'make', operator: 'like', value: 't%' })).toEqual([]);
    expect(ids({ field: 'make', operator: 'ilike', value: '%wagen' })).toEqual(['b']);
    expect(ids({ field: 'make', operator: 'ilike', value: 'b_w' })).toEqual(['c']);
    expect(ids({ field: 'make', operator: 'notIlike', value: 'tes%' })).toEqual(['b', 'c']);
  });

  it('reads a backslash in a LIKE pattern as an escape, as PostgreSQL does', () => {
    expect(ids({ field: 'plate', operator: 'like', value: 'XY\\-123%' })).toEqual(['c']);
    expect(ids({ field: 'make', operator: 'ilike', value: 'b\\_w' })).toEqual([]);
    expect(ids({ field: 'plate', operator: 'ilike', value: '%\\%%' })).toEqual([]);
    expect(ids({ field: 'id', operator: 'like', value: '\\a' })).toEqual(['a']);
  });

  it('reads dotted fields and compares ISO datetimes as instants', () => {
    expect(ids({ field: 'metadata.accountId', operator: '==', value: 'acc_1' })).toEqual(['a', 'c']);
    expect(ids({ field: 'metadata.lastSeenAt', operator: '>', value: '2026-04-30T23:00:00+00:00' })).toEqual(['a', 'b']);
    expect(ids({ field: 'metadata.lastSeenAt', operator: '<', value: '2026-04-01T00:00:01.000Z' })).toEqual(['c']);
  });

  it('combines with arrays (all), and, or, not', () => {
    expect(
      ids([
        { field: 'metadata.accountId', operator: '==', value: 'acc_1' },
        { field: 'n', operator: '>', value: 5 },
      ]),
    ).toEqual(['c']);
    expect(
      ids({
        and: [
          { field: 'n', operator: '>', value: 1 },
          { field: 'make', operator: '!=', value: 'BMW' },
        ],
      }),
    ).toEqual(['a', 'b']);
    expect(
      ids({
        or: [
          { field: 'make', operator: '==', value: 'BMW' },
          { field: 'n', operator: '==', value: 5 },
        ],
      }),
    ).toEqual(['a', 'c']);
    expect(ids({ not: [{ field: 'make', operator: '==', value: 'BMW' }] })).toEqual(['a', 'b']);
    expect(
      ids({ or: [{ not: [{ field: 'n', operator: '<', value: 15 }] }, { and: [{ field: 'make', operator: 'ilike', value: 'tesla' }] }] }),
    ).toEqual(['a', 'c']);
  });

  it('compares numeric strings with numbers', () => {
    expect(ids({ field: 'modelYear', operator: '>=', value: 2022 })).toEqual(['b']);
  });

  it('rejects malformed filters', () => {
    rejects('not json');
    rejects('{"field":"make","operator":"~","value":"x"}');
    rejects('{"field":"make","operator":"=="}');
    rejects('{"or":[]}');
    rejects('{"not":[{"field":"a","operator":"isNull"},{"field":"b","operator":"isNull"}]}');
    rejects('[]');
    rejects('{"field":"n","operator":"like","value":5}');
    rejects('42');
  });

  it('treats an empty filter as no filter', () => {
    expect(parseFilter(null)).toBeNull();
    expect(parseFilter('  ')).toBeNull();
  });
});
