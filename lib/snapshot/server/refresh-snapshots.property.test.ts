import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rateLimitSchema } from '@/lib/vehicle-api/schemas';
import { storableBudget, vehicleIntervalMs } from './refresh-snapshots';

const INT_MAX = 2_147_483_647;

/** A budget figure as a vendor might send it: counts, fractions, huge numbers, decimal strings, words. */
const figure = fc.oneof(
  fc.integer({ min: -5, max: 100_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, INT_MAX, INT_MAX + 1, 1e20, 200.5, null),
  fc.integer({ min: 0, max: 100_000 }).map(String),
  fc.constantFrom('200', '86400.0', '0x10', 'n/a', ''),
);

describe('polled budgets (properties)', () => {
  it('stores only whole, positive counts that fit the integer columns, and keeps every such count', () => {
    fc.assert(
      fc.property(figure, figure, (max, window) => {
        const limit = rateLimitSchema.parse({
          key: 'OEM_ENERGY_API_COMMANDS_AND_FETCH_STATE',
          maxRequests: max,
          windowSizeSeconds: window,
        });
        const budget = storableBudget(limit);
        const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= INT_MAX;
        if (budget) expect(whole(budget.max) && whole(budget.windowSeconds)).toBe(true);
        else expect(whole(limit.maxRequests) && whole(limit.windowSizeSeconds)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('spaces reads no closer than the configured interval, whatever budget was stored', () => {
    fc.assert(
      fc.property(
        figure,
        figure,
        fc.integer({ min: 1, max: 3_600_000 }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        fc.option(fc.integer({ min: 60_000, max: 86_400_000 }), { nil: undefined }),
        (max, window, intervalMs, budgetShare, stateOfHealthIntervalMs) => {
          const budget = storableBudget(rateLimitSchema.parse({ maxRequests: max, windowSizeSeconds: window }));
          const interval = vehicleIntervalMs(
            { intervalMs, budgetShare, stateOfHealthIntervalMs },
            budget ? { max: budget.max, windowSeconds: budget.windowSeconds } : undefined,
          );
          expect(Number.isNaN(interval)).toBe(false);
          expect(interval).toBeGreaterThanOrEqual(intervalMs);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('polled budgets: examples found by the properties', () => {
  it('leaves unknown a fractional or out-of-range budget instead of failing its write', () => {
    expect(storableBudget(rateLimitSchema.parse({ maxRequests: 200.5, windowSizeSeconds: 86_400 }))).toBeNull();
    expect(storableBudget(rateLimitSchema.parse({ maxRequests: 200, windowSizeSeconds: 1e20 }))).toBeNull();
    expect(storableBudget(rateLimitSchema.parse({ maxRequests: 200, windowSizeSeconds: 86_400 }))).toEqual({
      max: 200,
      windowSeconds: 86_400,
    });
  });
});
