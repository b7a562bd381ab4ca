import 'server-only';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../index';
import { rateWindows } from '../schema';

/** Rows are kept this long after their window started, then pruned (longer than any rule's window). */
export const RATE_WINDOWS_KEPT_MS = 24 * 60 * 60_000;

/**
 * Counts one request against a fixed window of `windowMs` under this rule and key, and answers the
 * window it landed in. One statement (an upsert), so requests on any instance and connection count
 * against the same row: the database serialises them on the row's lock.
 */
export async function countInWindow(
  db: Db,
  input: { rule: string; key: string; windowMs: number; now: Date },
): Promise<{ startedAt: Date; count: number }> {
  const turnsBefore = new Date(input.now.getTime() - input.windowMs).toISOString();
  const expired = sql`${rateWindows.startedAt} <= ${turnsBefore}::timestamptz`;
  const [row] = await db
    .insert(rateWindows)
    .values({ rule: input.rule, key: input.key, startedAt: input.now, count: 1 })
    .onConflictDoUpdate({
      target: [rateWindows.rule, rateWindows.key],
      set: {
        startedAt: sql`case when ${expired} then excluded.started_at else ${rateWindows.startedAt} end`,
        count: sql`case when ${expired} then 1 else ${rateWindows.count} + 1 end`,
      },
    })
    .returning({ startedAt: rateWindows.startedAt, count: rateWindows.count });
  return { startedAt: new Date(row.startedAt), count: row.count };
}

/** Drops windows that ended long ago; they no longer count for anything. */
export async function pruneRateWindows(db: Db, now = new Date(), keptMs = RATE_WINDOWS_KEPT_MS): Promise<number> {
  const rows = await db
    .delete(rateWindows)
    .where(lt(rateWindows.startedAt, new Date(now.getTime() - keptMs)))
    .returning({ key: rateWindows.key });
  return rows.length;
}
