import { describe, expect, it } from 'vitest';
import { eligibilityCheckBodySchema } from '@/lib/eligibility/schemas';
import { parseVinList, splitCells } from './parse-vins';

const vin = (n: number) => `WVWZZZ1JZ${String(n).padStart(8, '0')}`;

describe('parseVinList', () => {
  it('reads VIN and country per row, with or without a header, in any common separator', () => {
    const withHeader = parseVinList(`VIN,Country\n${vin(1)},de\n${vin(2)};FR\n`);
    expect(withHeader.headerLine).toBe(1);
    expect(withHeader.rows).toEqual([
      { line: 2, vin: vin(1), countryCode: 'DE' },
      { line: 3, vin: vin(2), countryCode: 'FR' },
    ]);
    const plain = parseVinList(`${vin(3).toLowerCase()}\tGB\n  ${vin(4)}   US  \n`);
    expect(plain.headerLine).toBeNull();
    expect(plain.problems).toEqual([]);
    expect(plain.rows.map((r) => [r.line, r.vin, r.countryCode])).toEqual([
      [1, vin(3), 'GB'],
      [2, vin(4), 'US'],
    ]);
  });

  it('maps header columns by name, whatever their order, and keeps the make', () => {
    const parsed = parseVinList(`\uFEFFmake;country_code;vin\r\nVolkswagen;NL;${vin(5)}\r\n"Mercedes-Benz";BE;${vin(6)}\r\n`);
    expect(parsed.rows).toEqual([
      { line: 2, vin: vin(5), countryCode: 'NL', make: 'Volkswagen' },
      { line: 3, vin: vin(6), countryCode: 'BE', make: 'Mercedes-Benz' },
    ]);
  });

  it('gives each bad row its line number and every reason, counting header and blank lines', () => {
    const text = [
      'vin,country',
      vin(1) + ',DE',
      '',
      'WVWZZZ1JZOW000001,DE',
      'SHORT,DE',
      `${vin(2)},XX`,
      `${vin(3)},Germany`,
      `${vin(1)},FR`,
      `WVW-ZZ1JZXW00000,DE`,
      vin(4),
    ].join('\n');
    const parsed = parseVinList(text);
    expect(parsed.rows.map((r) => r.line)).toEqual([2]);
    expect(parsed.problems.map((p) => [p.line, p.reasons])).toEqual([
      [4, ['A VIN never contains the letters I, O or Q (found O); check for 1 and 0.']],
      [5, ['A VIN has exactly 17 characters; this one has 5.']],
      [6, ['XX is not an ISO 3166 country code.']],
      [7, ['“Germany” is not a two-letter country code (ISO 3166, such as DE or GB).']],
      [8, ['Duplicate of line 2.']],
      [9, ['A VIN has only letters and digits (no spaces, dashes or other signs).']],
      [10, ['The country code is missing (add a second column, or choose a country for rows without one).']],
    ]);
    expect(parsed.problems[0].text).toBe('WVWZZZ1JZOW000001,DE');
  });

  it('uses the chosen country for rows without one, never over a given one', () => {
    const parsed = parseVinList(`${vin(1)}\n${vin(2)},fr`, { defaultCountry: 'de' });
    expect(parsed.rows.map((r) => r.countryCode)).toEqual(['DE', 'FR']);
  });

  it('splits more than 500 valid rows into checks of 500', () => {
    const lines = Array.from({ length: 1201 }, (_, i) => `${vin(i)},DE`);
    const parsed = parseVinList(lines.join('\n'));
    expect(parsed.rows).toHaveLength(1201);
    expect(parsed.batches.map((b) => b.length)).toEqual([500, 500, 201]);
    expect(parsed.batches[1][0].line).toBe(501);
  });

  it('finds the one bad line among 501 rows, leaving 500 for one check', () => {
    const lines = ['vin,countryCode', ...Array.from({ length: 501 }, (_, i) => (i === 250 ? 'WVWZZZ1JZQQ000001,DE' : `${vin(i)},DE`))];
    const parsed = parseVinList(lines.join('\n'));
    expect(parsed.problems.map((p) => p.line)).toEqual([252]);
    expect(parsed.batches.map((b) => b.length)).toEqual([500]);
  });

  it('skips comments and blank lines, and shortens the echo of a very long line', () => {
    const parsed = parseVinList(`# exported 2026-05-01\n\n${'X'.repeat(300)},DE`);
    expect(parsed.problems).toHaveLength(1);
    expect(parsed.problems[0].line).toBe(3);
    expect(parsed.problems[0].text.length).toBeLessThanOrEqual(80);
  });

  it('refuses a make the vendor does not list (it would refuse the whole check), and accepts either spelling', () => {
    const parsed = parseVinList(`vin,country,make\n${vin(1)},de,Trabant\n${vin(2)},de,MERCEDES BENZ\n${vin(3)},de,Škoda`);
    expect(parsed.problems).toEqual([
      expect.objectContaining({ line: 2, reasons: [expect.stringContaining('does not know the make "Trabant"')] }),
    ]);
    expect(parsed.batches[0].map((r) => r.make)).toEqual(['MERCEDES BENZ', 'Škoda']);
    expect(eligibilityCheckBodySchema.safeParse({ vins: [{ vin: vin(1), countryCode: 'DE', make: 'Trabant' }] }).success).toBe(false);
  });

  it('rows it accepts are accepted by the schema the server applies', () => {
    const parsed = parseVinList(`vin,country,make\n${vin(1)},de,Volkswagen\n${vin(2)},gb,`);
    expect(
      eligibilityCheckBodySchema.safeParse({
        vins: parsed.batches[0].map(({ vin: v, countryCode, make }) => ({ vin: v, countryCode, make })),
      }).success,
    ).toBe(true);
  });
});

describe('splitCells', () => {
  it('honours CSV quotes and doubled quotes', () => {
    expect(splitCells('"a,b","say ""hi""",c')).toEqual(['a,b', 'say "hi"', 'c']);
    expect(splitCells('a;b;;')).toEqual(['a', 'b', '', '']);
  });
});

describe('eligibilityCheckBodySchema', () => {
  it('refuses duplicates, more than 500 rows, bad VINs and countries, naming the row', () => {
    const dup = eligibilityCheckBodySchema.safeParse({
      vins: [
        { vin: vin(1), countryCode: 'DE' },
        { vin: vin(1).toLowerCase(), countryCode: 'FR' },
      ],
    });
    expect(dup.success).toBe(false);
    expect(dup.error?.issues[0]).toMatchObject({ path: ['vins', 1, 'vin'], message: expect.stringContaining('listed twice') });
    const many = eligibilityCheckBodySchema.safeParse({
      vins: Array.from({ length: 501 }, (_, i) => ({ vin: vin(i), countryCode: 'DE' })),
    });
    expect(many.error?.issues[0].message).toBe('Send at most 500 VINs in one check.');
    const bad = eligibilityCheckBodySchema.safeParse({ vins: [{ vin: 'IIIIIIIIIIIIIIIII', countryCode: 'ZZ' }] });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['vins.0.vin', 'vins.0.countryCode']);
    expect(eligibilityCheckBodySchema.safeParse({ vins: [] }).success).toBe(false);
  });
});
