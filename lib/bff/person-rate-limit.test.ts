import { describe, expect, it } from 'vitest';
import { takePersonBudget } from './person-rate-limit';

describe('a per-person budget on an expensive route', () => {
  const rule = { name: 'test.route', limit: 3, windowMs: 60_000 };

  it('lets a person make `limit` requests per window, then answers 429 with the seconds until it turns', () => {
    const at = Date.UTC(2026, 10, 29, 12);
    for (let i = 0; i < 3; i++) takePersonBudget(rule, 'alice', at + i);
    let refused: unknown;
    try {
      takePersonBudget(rule, 'alice', at + 10_000);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', status: 429, body: { retryAfterSeconds: 50 } });
    // Another person, and another route, have their own budgets.
    expect(() => takePersonBudget(rule, 'bob', at + 10_000)).not.toThrow();
    expect(() => takePersonBudget({ ...rule, name: 'other.route' }, 'alice', at + 10_000)).not.toThrow();
    // The next window starts afresh.
    expect(() => takePersonBudget(rule, 'alice', at + 60_000)).not.toThrow();
  });
});
