import 'server-only';
import type { Db } from '@/lib/db';
import { countInWindow } from '@/lib/db/repos/rate-windows';
import { AppError } from '@/lib/errors/app-error';

/** How often one person (or address, or email asked for) may make one kind of request: `limit` per `windowMs`. */
export type PersonLimit = { name: string; limit: number; windowMs: number };

/**
 * Takes one request from this key's budget for the rule, or throws RATE_LIMITED with the seconds
 * until the window turns. Fixed windows kept in the database (`rate_windows`), as the sign-in
 * throttle keeps its attempts: on PostgreSQL every instance counts against the same row, so
 * running two instances does not double anyone's budget; on PGlite the one process's database.
 */
export async function takePersonBudget(db: Db, rule: PersonLimit, key: string, now = Date.now()): Promise<void> {
  const window = await countInWindow(db, { rule: rule.name, key, windowMs: rule.windowMs, now: new Date(now) });
  if (window.count > rule.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt.getTime() + rule.windowMs - now) / 1000));
    throw new AppError('RATE_LIMITED', `Too many of these requests; try again in ${retryAfterSeconds} s.`, { retryAfterSeconds });
  }
}
