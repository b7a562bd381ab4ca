import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readUpstreamDate } from '@/lib/commands/upstream-date';
import { rateLimitSchema, telemetrySchema } from './schemas';
import { upstreamDate, upstreamNumber } from './upstream-values';

const inRange = (date: Date) => date.getUTCFullYear() >= 1000 && date.getUTCFullYear() <= 9999;

/** Text shaped like numbers and dates, and near misses: hex, exponents, signs, zones, spaces. */
const numberish = fc.string({
  unit: fc.constantFrom('0', '1', '9', '.', '-', '+', 'e', 'E', 'x', 'b', 'o', 'f', ' ', '\t', '_', 'n', 'a', '/'),
  maxLength: 10,
});
const dateish = fc.string({
  unit: fc.constantFrom(
    '2026',
    '-',
    '11',
    '01',
    '1',
    'T',
    ' ',
    ':',
    '00',
    'Z',
    '+',
    '+02:00',
    '.',
    '999',
    'Nov',
    '0000',
    '10000',
    '275760',
  ),
  maxLength: 10,
});

describe('upstream numbers (properties)', () => {
  it('reads any decimal the vendor writes as that number', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0)),
        fc.constantFrom('', ' ', '\t'),
        (d, pad) => {
          expect(upstreamNumber(`${pad}${String(d)}${pad}`)).toBe(d);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps as it came any value that is no decimal: hex, binary, words, overflow', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          numberish,
          fc.string(),
          fc.nat().map((n) => `0x${n.toString(16)}`),
          fc.anything(),
        ),
        (value) => {
          const read = upstreamNumber(value);
          if (typeof read === 'number' && typeof value === 'string') {
            expect(Number.isFinite(read)).toBe(true);
            expect(value.trim()).toMatch(/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/);
          } else expect(read).toBe(value);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a figure in an answer never fails the answer, and a rate limit count is a number or unknown', () => {
    const figure = fc.oneof(
      numberish,
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.constant(null),
      fc.jsonValue({ maxDepth: 1 }),
    );
    fc.assert(
      fc.property(figure, (value) => {
        const telemetry = telemetrySchema.safeParse({ stateOfCharge: { value, unit: '%' } });
        const limit = rateLimitSchema.safeParse({ remainingRequests: value, maxRequests: value, key: 'OEM_ENERGY_API_COMMANDS' });
        expect(limit.success).toBe(true);
        const count = limit.data!.maxRequests;
        expect(count === null || (typeof count === 'number' && Number.isFinite(count))).toBe(true);
        if (typeof value === 'string' || typeof value === 'number' || value === null) {
          expect(telemetry.success).toBe(true);
          expect(telemetry.data!.stateOfCharge!.value).toEqual(upstreamNumber(value));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('upstream dates (properties)', () => {
  it('never throws, and gives only real dates in years 1000-9999', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          dateish,
          fc.string(),
          fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
          fc.anything(),
        ),
        (value) => {
          const date = upstreamDate(value);
          if (date !== null) {
            expect(Number.isNaN(date.getTime())).toBe(false);
            expect(inRange(date)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads back any ISO timestamp it can keep, in UTC or with an offset', () => {
    const date = fc.date({ min: new Date('1000-01-02T00:00:00Z'), max: new Date('9999-12-30T23:59:59.999Z'), noInvalidDate: true });
    fc.assert(
      fc.property(date, fc.integer({ min: -12, max: 14 }), (at, hours) => {
        expect(upstreamDate(at.toISOString())).toEqual(at);
        const shifted = new Date(at.getTime() + hours * 3_600_000).toISOString().slice(0, -1);
        const offset = `${hours < 0 ? '-' : '+'}${String(Math.abs(hours)).padStart(2, '0')}:00`;
        expect(upstreamDate(`${shifted}${offset}`)).toEqual(at);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps as it came a timestamp outside years 1000-9999, or that is no date', () => {
    const outside = fc.oneof(
      fc.date({ min: new Date(-8.64e15), max: new Date('0999-12-31T23:59:59.999Z'), noInvalidDate: true }),
      fc.date({ min: new Date(Date.UTC(10000, 0, 1)), max: new Date(8.64e15), noInvalidDate: true }),
    );
    fc.assert(
      fc.property(
        // An empty text is no value at all (both null), as the example test says.
        fc
          .oneof(
            outside.map((d) => d.toISOString()),
            dateish,
            fc.string(),
          )
          .filter((t) => t !== ''),
        (text) => {
          const read = readUpstreamDate(text);
          if (read.date) expect(inRange(read.date)).toBe(true);
          else expect(read.raw).toBe(text);
          expect((read.date === null) !== (read.raw === null)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('upstream values: examples found by the properties', () => {
  it('reads no bare number or loose words as a time (`Date.parse` alone reads "1" as 2001)', () => {
    fc.assert(
      fc.property(fc.integer(), (n) => {
        expect(upstreamDate(String(n))).toBeNull();
      }),
      { numRuns: 100 },
    );
    for (const loose of ['1', '7', 'Nov 1', 'yesterday 5', '2026', '+010000-01-01T00:00:00.000Z', '-000001-01-01T00:00:00.000Z'])
      expect(upstreamDate(loose), loose).toBeNull();
    expect(upstreamDate('2026-11-01 10:00:02Z')).toEqual(new Date('2026-11-01T10:00:02Z'));
  });

  it('keeps a hex or binary spelling as it came instead of reading it as a figure', () => {
    expect(upstreamNumber('0x10')).toBe('0x10');
    expect(upstreamNumber('0b11')).toBe('0b11');
    expect(telemetrySchema.parse({ stateOfCharge: { value: '0x10' } }).stateOfCharge?.value).toBe('0x10');
    expect(upstreamNumber(' 12.5 ')).toBe(12.5);
  });
});
