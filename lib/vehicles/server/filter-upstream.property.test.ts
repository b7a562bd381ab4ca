import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFilter, toPredicate } from '@/lib/sandbox/filter';
import { buildFilter } from '../filter-builder';
import { deepFilterText, filterTree, row } from '../filter-arbitraries.test-support';
import { checkFilterText } from '../schemas';

/** The console's filters as the upstream reads them (the sandbox plays it: SQL LIKE with `\` escapes). */
describe('filters sent upstream (properties)', () => {
  it('the builder writes only filters the upstream parses', () => {
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 5 }), (rows) => {
        const filter = buildFilter(rows);
        if (filter !== undefined) expect(() => parseFilter(JSON.stringify(filter))).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });

  it('the JSON check passes only filters the upstream parses', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          filterTree.map((f) => JSON.stringify(f) ?? ''),
          deepFilterText,
        ),
        (json) => {
          if (checkFilterText(json).ok) expect(() => parseFilter(json)).not.toThrow();
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a contains search matches exactly the values holding the text, LIKE wildcards and escapes included', () => {
    const alphabet = fc.constantFrom('a', 'b', 'A', '_', '\\', '.', '*', ' ', '(');
    fc.assert(
      fc.property(
        fc.string({ unit: alphabet, minLength: 1, maxLength: 4 }).filter((t) => t.trim() !== ''),
        fc.string({ unit: fc.oneof(alphabet, fc.constant('%')), maxLength: 8 }),
        (typed, make) => {
          const matcher = (operator: 'ilike' | 'like') =>
            toPredicate(parseFilter(JSON.stringify(buildFilter([{ field: 'make', operator, value: typed }]))))!;
          expect(matcher('ilike')({ make })).toBe(make.toLowerCase().includes(typed.toLowerCase()));
          expect(matcher('like')({ make })).toBe(make === typed);
        },
      ),
      { numRuns: 300 },
    );
  });
});
