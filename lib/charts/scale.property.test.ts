import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { niceTicks } from './scale';

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const everyday = fc.double({ min: -1e9, max: 1e9, noNaN: true });
const options = fc.record({ count: fc.integer({ min: 2, max: 10 }), zero: fc.boolean(), integers: fc.boolean() });

describe('niceTicks, for any data', () => {
  it('gives ascending ticks that cover the data, at most count + 1 of them', () => {
    fc.assert(
      fc.property(fc.array(everyday, { minLength: 1, maxLength: 20 }), options, (values, { count, zero, integers }) => {
        const min = Math.min(...values);
        const max = Math.max(...values);
        const ticks = niceTicks(min, max, { count, zero, integers });
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        expect(ticks.length).toBeLessThanOrEqual(count + 1);
        ticks.forEach((t, i) => i && expect(t).toBeGreaterThan(ticks[i - 1]));
        expect(ticks[0]).toBeLessThanOrEqual(min);
        expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
        if (zero) expect(ticks[0] <= 0 && ticks.at(-1)! >= 0).toBe(true);
        if (integers) ticks.forEach((t) => expect(Number.isInteger(t)).toBe(true));
      }),
    );
  });

  it('never throws and always returns finite, ascending ends covering the data for any finite input', () => {
    fc.assert(
      fc.property(finite, finite, options, (a, b, opts) => {
        const ticks = niceTicks(a, b, opts);
        expect(ticks.every(Number.isFinite)).toBe(true);
        ticks.forEach((t, i) => i && expect(t).toBeGreaterThan(ticks[i - 1]));
        expect(ticks[0]).toBeLessThanOrEqual(Math.min(a, b));
        expect(ticks.at(-1)).toBeGreaterThanOrEqual(Math.max(a, b));
      }),
    );
  });
});
