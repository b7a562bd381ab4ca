import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvResponse, csvRow } from '@/lib/csv';

/** What a spreadsheet would run as a formula when a cell starts with it (OWASP's list). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Text biased towards what CSV and spreadsheets treat specially. */
const trickyText = fc.string({
  unit: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', ';', "'", ' ') },
    { weight: 5, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  ),
  maxLength: 30,
});

/** What a spreadsheet shows for a text cell: the text, with an apostrophe before a formula. */
const shownAs = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

const readCsv = (text: string): string[][] => parse(text, { skip_empty_lines: false, relax_column_count: false });

describe('csv writer (properties)', () => {
  it('round-trips any table of text through a real CSV parser, formulas neutralised', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5 })
          .chain((width) => fc.array(fc.array(trickyText, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 6 })),
        (table) => {
          const parsed = readCsv(table.map(csvRow).join(''));
          expect(parsed).toEqual(table.map((row) => row.map(shownAs)));
          for (const cell of parsed.flat()) expect(cell).not.toMatch(FORMULA_START);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('writes numbers, booleans, dates and objects as one readable cell, and never throws', () => {
    const value = fc.oneof(
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.constantFrom(null, undefined),
      fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z') }),
      fc.date(),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 2, maxLength: 6 }), (values) => {
        const [parsed] = readCsv(csvRow(values));
        expect(parsed).toHaveLength(values.length);
        values.forEach((v, i) => {
          const cell = parsed[i];
          // A number's or a date's own text is ours, never a formula someone wrote.
          if (typeof v === 'number') return expect(cell).toBe(String(v));
          if (v instanceof Date) return expect(cell).toBe(Number.isNaN(v.getTime()) ? '' : v.toISOString());
          expect(cell).not.toMatch(FORMULA_START);
          if (v === null || v === undefined) expect(cell).toBe('');
          else if (typeof v === 'object') expect(JSON.parse(cell)).toEqual(JSON.parse(JSON.stringify(v)));
          else expect(cell).toBe(shownAs(String(v)));
        });
      }),
      { numRuns: 200 },
    );
  });

  it('offers any file name as a plain attachment name', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), async (name) => {
        const response = csvResponse(name, ['a'], (async function* () {})());
        expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="[A-Za-z0-9._-]*"$/);
        expect(await response.text()).toBe('a\r\n');
      }),
      { numRuns: 100 },
    );
  });

  it('writes an invalid date as an empty cell instead of failing the export', () => {
    expect(csvCell(new Date(Number.NaN))).toBe('');
    expect(csvRow(['a', new Date('not a date'), 'b'])).toBe('a,,b\r\n');
  });

  it('keeps a negative number a number, and still neutralises the same text', () => {
    expect(csvRow([-5, -0.5, '-5'])).toBe("-5,-0.5,'-5\r\n");
  });
});
