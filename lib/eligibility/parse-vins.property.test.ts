import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRow } from '@/lib/csv';
import { VENDOR_MAKES } from '@/lib/contract/makes';
import { vinProblem } from '@/lib/validations/vin';
import { ISO_COUNTRY_CODES } from './country-codes';
import { eligibilityCheckBodySchema } from './schemas';
import { parseVinList } from './parse-vins';

const vin = fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'), minLength: 17, maxLength: 17 });
const country = fc.constantFrom(...ISO_COUNTRY_CODES);
/** A few VINs that come back, so lists hold duplicates (also in another case). */
const listedVin = fc.oneof(vin, fc.constantFrom('WVWZZZ1JZXW000001', 'wvwzzz1jzxw000001', 'WVWZZZ1JZXW000002'));

/** One line of a pasted list or an uploaded file, good or bad. */
const line = fc.oneof(
  fc.tuple(listedVin, country).map(([v, c]) => `${v},${c.toLowerCase()}`),
  fc.tuple(listedVin, country, fc.constantFrom(...VENDOR_MAKES, 'Trabant', '')).map(([v, c, m]) => `${v};${c};"${m}"`),
  fc.tuple(listedVin, country).map(([v, c]) => `  ${v}\t${c} `),
  listedVin,
  fc.constantFrom('', '   ', '# a comment', 'vin,country,make', 'VIN;Country', '"', '"a,b', ',,,', '\uFEFF', 'ſ'.repeat(17)),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('A', '1', 'I', 'O', 'q', ',', ';', '\t', ' ', '"', '-', 'ı', 'ß'), maxLength: 24 }),
);
const newline = fc.constantFrom('\n', '\r\n', '\r');
const listText = fc.array(fc.tuple(line, newline), { maxLength: 25 }).map((pairs) => pairs.map(([text, end]) => text + end).join(''));

/** Lines a person wrote something on, numbered as their editor numbers them. */
function contentLines(text: string): number[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .flatMap((l, i) => (l.trim() === '' || l.trim().startsWith('#') ? [] : [i + 1]));
}

const ascending = (numbers: number[]) => numbers.every((n, i) => i === 0 || numbers[i - 1] < n);

describe('VIN list parser (properties)', () => {
  it('never throws, and gives every written line exactly one fate: header, row or problem', () => {
    fc.assert(
      fc.property(listText, fc.integer({ min: 1, max: 4 }), (text, batchSize) => {
        const parsed = parseVinList(text, { batchSize });
        const rowLines = parsed.rows.map((r) => r.line);
        const problemLines = parsed.problems.map((p) => p.line);
        expect(ascending(rowLines) && ascending(problemLines)).toBe(true);
        const fates = [...(parsed.headerLine === null ? [] : [parsed.headerLine]), ...rowLines, ...problemLines].sort((a, b) => a - b);
        expect(fates).toEqual(contentLines(text));
        for (const problem of parsed.problems) expect(problem.reasons.length).toBeGreaterThan(0);
        expect(parsed.batches.flat()).toEqual(parsed.rows);
        for (const batch of parsed.batches) expect(batch.length).toBeGreaterThan(0);
        for (const batch of parsed.batches.slice(0, -1)) expect(batch).toHaveLength(batchSize);
      }),
      { numRuns: 300 },
    );
  });

  it('passes only rows the server accepts: well-formed, distinct VINs with ISO country codes', () => {
    fc.assert(
      fc.property(listText, (text) => {
        const parsed = parseVinList(text, { defaultCountry: 'de' });
        for (const row of parsed.rows) {
          expect(vinProblem(row.vin)).toBeNull();
          expect(ISO_COUNTRY_CODES.has(row.countryCode)).toBe(true);
        }
        expect(new Set(parsed.rows.map((r) => r.vin)).size).toBe(parsed.rows.length);
        for (const batch of parsed.batches) {
          const vins = batch.map(({ vin: v, countryCode, make }) => ({ vin: v, countryCode, make }));
          expect(eligibilityCheckBodySchema.safeParse({ vins }).success).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('reads back every row of a file it could have been given, in any separator and column order', () => {
    const row = fc.record({ vin, countryCode: country, make: fc.constantFrom(...VENDOR_MAKES) });
    const rows = fc.uniqueArray(row, { selector: (r) => r.vin, minLength: 1, maxLength: 8 });
    const columns = fc.shuffledSubarray(['vin', 'countryCode', 'make'] as const, { minLength: 3, maxLength: 3 });
    fc.assert(
      fc.property(rows, columns, fc.constantFrom(',', ';', '\t'), (written, order, separator) => {
        const header = order.map((c) => (c === 'countryCode' ? 'country' : c));
        const lineOf = (cells: string[]) => (separator === ',' ? csvRow(cells) : `${cells.join(separator)}\r\n`);
        const text = [lineOf(header), ...written.map((r) => lineOf(order.map((c) => r[c])))].join('');
        const parsed = parseVinList(text);
        expect(parsed.problems).toEqual([]);
        expect(parsed.headerLine).toBe(1);
        expect(parsed.rows).toEqual(written.map((r, i) => ({ line: i + 2, ...r })));
      }),
      { numRuns: 200 },
    );
  });
});
