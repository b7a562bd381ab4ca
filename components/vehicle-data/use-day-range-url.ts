'use client';

import { useQueryStates } from 'nuqs';
import { parseAsDayKey } from '@/components/list/url-params';
import { LIST_RESET, pagingParams } from '@/lib/list/use-cursor-list';
import { addDays, dayKeyOf, zonedDayEnd, zonedDayStart } from '@/lib/vehicle-data/days';
import type { DayRange } from '@/lib/vehicle-data/schemas';

/** The last `days` days, today included, in the person's time zone. */
export const lastDays = (days: number, zone: string): DayRange => {
  const today = dayKeyOf(new Date(), zone)!;
  return { from: addDays(today, -(days - 1)), to: today };
};
export const presetsIn = (zone: string) => [7, 30, 90].map((days) => ({ label: `Last ${days} days`, range: () => lastDays(days, zone) }));

/** The range's days, beside the paged list's own parameters, which a new range clears. */
const dayRangeParams = { from: parseAsDayKey, to: parseAsDayKey, pages: pagingParams.pages, reset: pagingParams.reset };

/**
 * The range in the URL (`from`, `to` as days), or the last `defaultDays` days when it is absent or
 * not a valid range; `instants` are its first and last moments in the person's zone.
 */
export function useDayRangeUrl(zone: string, defaultDays: number) {
  const [{ from, to }, setState] = useQueryStates(dayRangeParams);
  const range = from && to && from <= to ? { from, to } : lastDays(defaultDays, zone);
  /** A new range starts the list on its first page, in one history entry. */
  const setRange = (next: DayRange) => void setState({ ...next, ...LIST_RESET }, { history: 'push' });
  const instants = { from: zonedDayStart(range.from, zone).toISOString(), to: zonedDayEnd(range.to, zone).toISOString() };
  return { range, setRange, instants };
}
