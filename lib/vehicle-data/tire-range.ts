import { TIRE_HISTORY } from '@/lib/contract/vehicle-api';

/**
 * The limit of the tire-pressure history range, in plain code: `tireHistoryQuerySchema` applies
 * it, and so does the maintenance page, which needs nothing else of zod.
 */
const DAY_MS = 86_400_000;
/** [V] "at most three months": the contract's figure in days, the longest three calendar months. */
export const TIRE_RANGE_MAX_DAYS = TIRE_HISTORY.maxRangeDays;
export const TIRE_RANGE_MESSAGE = `The range may span at most three months (${TIRE_RANGE_MAX_DAYS} days)`;

/** What is wrong with a range of two valid instants (either may be absent; without `to` it ends now), said of its start; null when nothing is. */
export function tireRangeProblem(from: string | undefined, to: string | undefined): string | null {
  const end = to ? Date.parse(to) : Date.now();
  if (from && Date.parse(from) >= end) return 'The start must be before the end';
  if (from && end - Date.parse(from) > TIRE_RANGE_MAX_DAYS * DAY_MS) return TIRE_RANGE_MESSAGE;
  return null;
}
