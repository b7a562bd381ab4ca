import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBreaker } from './breaker';
import { VehicleApiError } from './errors';
import { MAX_RETRY_AFTER_MS, parseRetryAfter } from './retry-after';

const NOW = Date.parse('2026-11-29T01:00:00Z');

/** Headers a server (or something posing as one) might send: seconds, dates, huge and odd numbers. */
const header = fc.oneof(
  fc.nat({ max: 200_000 }).map(String),
  fc.stringMatching(/^\d{1,400}(\.\d{1,3})?$/),
  fc.noBias(fc.integer({ min: 1, max: 400 })).map((digits) => '9'.repeat(digits)),
  fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
  fc.constantFrom('', ' 5 ', '-5', '1e400', 'Infinity', 'soon', 'Sun, 29 Nov 2026 02:00:00 GMT'),
  fc.string({ maxLength: 30 }),
);

describe('Retry-After (properties)', () => {
  it('reads any header without throwing into a pause between nothing and a day', () => {
    fc.assert(
      fc.property(header, (value) => {
        const ms = parseRetryAfter(value, NOW);
        if (ms !== undefined) {
          expect(Number.isInteger(ms)).toBe(true);
          expect(ms).toBeGreaterThanOrEqual(0);
          expect(ms).toBeLessThanOrEqual(MAX_RETRY_AFTER_MS);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('honours seconds and dates within the day exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_RETRY_AFTER_MS / 1000 }), (seconds) => {
        expect(parseRetryAfter(String(seconds), NOW)).toBe(seconds * 1000);
        expect(parseRetryAfter(new Date(NOW + seconds * 1000).toUTCString(), NOW)).toBe(seconds * 1000);
      }),
      { numRuns: 200 },
    );
  });

  it('a pause the upstream asked for is always told as a pause, never a failed call', () => {
    fc.assert(
      fc.property(header, (value) => {
        const breaker = createBreaker({ now: () => NOW });
        const retryAfterMs = parseRetryAfter(value, NOW);
        breaker.record('org', { status: 429, retryAfterMs }, { probe: false });
        try {
          breaker.admit('org', 'GET /v1/vehicles');
        } catch (error) {
          expect(error).toBeInstanceOf(VehicleApiError);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('Retry-After: examples found by the properties', () => {
  it('caps a pause of years at a day, where it used to fail every later call with a RangeError', () => {
    expect(parseRetryAfter('100000000000000', NOW)).toBe(MAX_RETRY_AFTER_MS);
    const breaker = createBreaker({ now: () => NOW });
    breaker.record('org', { status: 429, retryAfterMs: parseRetryAfter('100000000000000', NOW) }, { probe: false });
    expect(() => breaker.admit('org', 'GET /v1/vehicles')).toThrow(VehicleApiError);
  });
});
