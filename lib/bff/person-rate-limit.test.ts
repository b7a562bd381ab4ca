import { describe, expect, it } from 'vitest';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { pruneRateWindows } from '@/lib/db/repos/rate-windows';
import { rateWindows } from '@/lib/db/schema';
import { takePersonBudget } from './person-rate-limit';

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`a per-person budget on an expensive route on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    const rule = { name: 'test.route', limit: 3, windowMs: 60_000 };

    it('lets a person make `limit` requests per window, then answers 429 with the seconds until it turns', async () => {
      const at = Date.UTC(2026, 10, 29, 12);
      for (let i = 0; i < 3; i++) await takePersonBudget(t.db, rule, 'alice', at + i);
      await expect(takePersonBudget(t.db, rule, 'alice', at + 10_000)).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        status: 429,
        body: { retryAfterSeconds: 50 },
      });
      // Another person, and another route, have their own budgets.
      await expect(takePersonBudget(t.db, rule, 'bob', at + 10_000)).resolves.toBeUndefined();
      await expect(takePersonBudget(t.db, { ...rule, name: 'other.route' }, 'alice', at + 10_000)).resolves.toBeUndefined();
      // The next window starts afresh.
      await expect(takePersonBudget(t.db, rule, 'alice', at + 60_000)).resolves.toBeUndefined();
      await expect(takePersonBudget(t.db, rule, 'alice', at + 60_001)).resolves.toBeUndefined();
    });

    it('counts requests made at the same moment once each, and prunes windows a day old', async () => {
      const at = Date.UTC(2026, 10, 29, 13);
      const answers = await Promise.allSettled(Array.from({ length: 8 }, () => takePersonBudget(t.db, rule, 'carol', at)));
      expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
      expect(await pruneRateWindows(t.db, new Date(at + 24 * 60 * 60_000 + 1))).toBeGreaterThan(0);
      expect((await t.db.select().from(rateWindows)).some((row) => row.key === 'carol')).toBe(false);
    });
  });
}
