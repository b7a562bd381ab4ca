import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFilter, likePattern, likeText, rowsOfFilter } from './filter-builder';
import { condition, deepFilterText, filterTree, row, text } from './filter-arbitraries.test-support';
import { checkFilterText, MAX_FILTER_DEPTH, vehicleListQuerySchema } from './schemas';

/** A filter as its list of conditions (an array means all of them hold, as one condition does). */
const conditionsOf = (filter: unknown) => (filter === undefined ? [] : Array.isArray(filter) ? filter : [filter]);

const runs = { numRuns: 200 };

describe('filter builder (properties)', () => {
  it('build → parse → build gives the same filter', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 5 }), (rows) => {
        const filter = buildFilter(rows);
        const back = rowsOfFilter(filter);
        expect(back).not.toBeNull();
        expect(buildFilter(back!)).toEqual(filter);
      }),
      runs,
    );
  });

  it('builds only filters its own JSON check accepts as they are', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 5 }), (rows) => {
        const filter = buildFilter(rows);
        if (filter !== undefined) expect(checkFilterText(JSON.stringify(filter))).toEqual({ ok: true, filter });
      }),
      runs,
    );
  });

  it('reads any JSON without throwing, and shows rows only for a filter it writes back unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(filterTree, fc.array(condition, { maxLength: 4 })), (filter) => {
        const rows = rowsOfFilter(filter);
        if (rows !== null) expect(conditionsOf(buildFilter(rows))).toEqual(conditionsOf(filter ?? undefined));
      }),
      { numRuns: 300 },
    );
  });

  it('escapes and unescapes LIKE text as inverses', () => {
    fc.assert(
      fc.property(text, (typed) => {
        expect(likeText(likePattern(typed))).toBe(typed);
      }),
      runs,
    );
  });
});

describe('filter JSON grammar (properties)', () => {
  it('never throws on any text, and accepts a filter unchanged', () => {
    const input = fc.oneof(
      fc.string({ maxLength: 40 }),
      filterTree.map((f) => JSON.stringify(f) ?? ''),
      deepFilterText,
    );
    fc.assert(
      fc.property(input, (json) => {
        const check = checkFilterText(json);
        if (!check.ok) expect(check.message).toMatch(/\S/);
        else if (check.filter === undefined) expect(json.trim()).toBe('');
        else expect(check.filter).toEqual(JSON.parse(json));
      }),
      runs,
    );
  });
});

describe('filter builder examples found by the properties', () => {
  it('refuses a filter nested too deep with a message, instead of running out of stack', () => {
    const deep = `${'['.repeat(1500)}{"field":"make","operator":"isNull"}${']'.repeat(1500)}`;
    expect(checkFilterText(deep)).toEqual({ ok: false, message: `The filter nests deeper than ${MAX_FILTER_DEPTH} levels.` });
    // Within the route's 4,000 characters: a 400 answer, not a 500.
    expect(deep.length).toBeLessThan(4000);
    expect(vehicleListQuerySchema.safeParse({ filter: deep }).success).toBe(false);
    const nots = (n: number) => `${'{"not":['.repeat(n)}{"field":"make","operator":"isNull"}${']}'.repeat(n)}`;
    expect(checkFilterText(nots(10)).ok).toBe(true);
    expect(checkFilterText(nots(40)).ok).toBe(false);
  });

  it('escapes `_` and `\\` in a contains search: they are not wildcards the person asked for', () => {
    expect(buildFilter([{ field: 'vin', operator: 'ilike', value: 'AB_1' }])).toEqual({
      field: 'vin',
      operator: 'ilike',
      value: '%AB\\_1%',
    });
    expect(rowsOfFilter({ field: 'vin', operator: 'ilike', value: '%AB\\_1%' })).toEqual([
      { field: 'vin', operator: 'ilike', value: 'AB_1' },
    ]);
  });

  it('keeps in raw mode a condition the builder would rewrite into another filter', () => {
    for (const changed of [
      { field: 'isListening', operator: '==', value: null },
      { field: 'make', operator: '==', value: null },
      { field: 'modelYear', operator: '==', value: 2020.5 },
      { field: 'modelYear', operator: '==', value: '2020' },
      { field: 'make', operator: 'ilike', value: 'tesla' },
      { field: 'make', operator: 'ilike', value: '%a_b%' },
      { field: 'make', operator: '==', value: { toString: 1 } },
    ])
      expect(rowsOfFilter(changed), JSON.stringify(changed)).toBeNull();
  });
});
