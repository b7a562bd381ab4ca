import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES } from '@/lib/contract/vehicle-api';
import { budgetKind, newestCommandBudget, spentBudgetReason, type BudgetLimit } from './command-availability';

const count = fc.oneof(
  fc.integer({ min: -5, max: 500 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, 1e20, Number.MAX_SAFE_INTEGER, -1e20),
  fc.constant(null),
);
const limit: fc.Arbitrary<BudgetLimit> = fc.record(
  {
    key: fc.oneof(
      fc.constantFrom('OEM_ENERGY_API_COMMANDS', 'BMW_ENERGY_API_STOP_COMMANDS', 'OEM_ENERGY_API_COMMANDS_AND_FETCH_STATE', ''),
      fc.string(),
    ),
    remainingRequests: count,
    maxRequests: count,
    windowSizeSeconds: count,
  },
  { requiredKeys: [] },
);
const time = fc.oneof(
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.string({ maxLength: 12 }),
);

describe('rate-limit figures (properties)', () => {
  it('says why a command cannot be sent for any figures the upstream gives, exactly when one of its budgets is spent', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...COMMAND_NAMES),
        fc.array(limit, { maxLength: 4 }),
        fc.date({ noInvalidDate: true }),
        fc.constantFrom('UTC', 'Europe/Berlin', 'Asia/Kolkata'),
        (command, limits, readAt, zone) => {
          const reason = spentBudgetReason(command, limits, readAt, zone);
          const spent = limits.some((l) => {
            const kind = budgetKind(l.key);
            const counts =
              kind === 'COMMANDS' || kind === 'COMMANDS_AND_FETCH_STATE' || (kind === 'STOP_COMMANDS' && command === 'STOP_CHARGING');
            return counts && typeof l.remainingRequests === 'number' && l.remainingRequests <= 0;
          });
          expect(reason !== undefined).toBe(spent);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('picks the newest command budget without throwing, whatever times are given', () => {
    const pushed = fc.record({
      key: fc.constantFrom('OEM_ENERGY_API_COMMANDS', 'X'),
      remainingRequests: fc.nat(),
      maxRequests: fc.nat(),
      windowSizeSeconds: fc.option(fc.nat(), { nil: null }),
      at: time,
    });
    fc.assert(
      fc.property(
        fc.array(limit, { maxLength: 3 }),
        fc.option(time, { nil: null }),
        fc.array(pushed, { maxLength: 3 }),
        (limits, readAt, events) => {
          const budget = newestCommandBudget({ limits, readAt, pushed: events });
          if (budget) expect(budgetKind(budget.key)).toBe('COMMANDS');
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('rate-limit figures: examples found by the properties', () => {
  it('says no renewal time for a window past the dates JavaScript writes, instead of failing the command panel', () => {
    const limits = [{ key: 'OEM_ENERGY_API_COMMANDS', remainingRequests: 0, maxRequests: 10, windowSizeSeconds: 1e20 }];
    expect(spentBudgetReason('LOCK_DOORS', limits, new Date('2026-11-29T01:00:00Z'), 'UTC')).toBe(
      'Budget spent: no remote commands left for this vehicle (OEM_ENERGY_API_COMMANDS). It renews when the manufacturer’s window ends.',
    );
  });
});
