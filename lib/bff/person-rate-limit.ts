import 'server-only';
import { setBounded } from '@/lib/bounded-map';
import { AppError } from '@/lib/errors/app-error';

/** How often one person may ask one expensive route: `limit` requests per `windowMs`. */
export type PersonLimit = { name: string; limit: number; windowMs: number };

const MAX_KEYS = 10_000;
const windows = new Map<string, { startedAt: number; count: number }>();

/**
 * Takes one request from this person's budget for the route, or throws RATE_LIMITED with the
 * seconds until the window turns. Fixed windows, per process: with several instances a person
 * gets the budget on each, still a bound on what one person can make the upstream do.
 */
export function takePersonBudget(rule: PersonLimit, userId: string, now = Date.now()): void {
  const key = `${rule.name} ${userId}`;
  const current = windows.get(key);
  const window = current && now - current.startedAt < rule.windowMs ? current : { startedAt: now, count: 0 };
  if (window.count >= rule.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + rule.windowMs - now) / 1000));
    throw new AppError('RATE_LIMITED', `Too many of these requests; try again in ${retryAfterSeconds} s.`, { retryAfterSeconds });
  }
  setBounded(windows, key, { ...window, count: window.count + 1 }, MAX_KEYS);
}
