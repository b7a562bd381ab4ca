'use client';

// Apart from query.ts, which every vehicle tab loads: the journeys page's whole-range read and a
// day range's problems are for the views over a range of days.

import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '@/lib/contract/limits';
import { apiFetch } from '@/lib/query/api-fetch';
import { vehicleDataPath } from '@/lib/vehicle-data/query';
import { vehicleDataKeys } from '@/lib/vehicle-data/query-keys';
import { RANGE_PAGE_LIMIT } from '@/lib/vehicle-data/range-limit';
import type { DayRange } from '@/lib/vehicle-data/schemas';
import type { DataPage, Journey } from '@/lib/vehicle-data/types';

type Instants = { from: string; to: string };

/** The summary loads the whole range page by page, up to this many pages. */
const SUMMARY_PAGE_LIMIT = RANGE_PAGE_LIMIT;
/** The most journeys the summary covers. */
export const JOURNEY_SUMMARY_MAX = SUMMARY_PAGE_LIMIT * PAGE_SIZE.max;

/** The journeys of a range as far as the summary read them; `complete` says whether that was all. */
export type RangeLoad = { journeys: Journey[]; complete: boolean };

async function loadRange(org: string, vehicleId: string, instants: Instants, signal: AbortSignal): Promise<RangeLoad> {
  const journeys: Journey[] = [];
  let token: string | null = null;
  for (let page = 0; page < SUMMARY_PAGE_LIMIT; page++) {
    const query = new URLSearchParams({ pageSize: String(PAGE_SIZE.max), ...instants });
    if (token) query.set('pageToken', token);
    const result: DataPage<Journey> = await apiFetch<DataPage<Journey>>(vehicleDataPath(org, vehicleId, 'journeys', query), { signal });
    journeys.push(...result.items);
    token = result.nextPageToken;
    if (!token) return { journeys, complete: true };
  }
  return { journeys, complete: false };
}

/** Every journey between two instants (up to the summary's limit; `complete` says whether that was all), for totals and the export. */
export function useJourneysInRange(org: string, vehicleId: string, instants: Instants) {
  return useQuery({
    queryKey: vehicleDataKeys.section(org, vehicleId, 'journeys-range', `${instants.from}|${instants.to}`),
    queryFn: ({ signal }) => loadRange(org, vehicleId, instants, signal),
  });
}

/** Why a range from the URL is not two real days in order, in the schema's words: the schema (and zod) load only for such a range. */
export function useDayRangeErrors(range: DayRange, enabled: boolean) {
  return useQuery({
    queryKey: vehicleDataKeys.dayRangeErrors(range.from, range.to),
    enabled,
    staleTime: Infinity,
    queryFn: async (): Promise<Partial<Record<'from' | 'to', string>>> => {
      const { dayRangeSchema } = await import('@/lib/vehicle-data/schemas');
      const issue = dayRangeSchema.safeParse(range).error?.issues[0];
      return issue ? { [issue.path[0] as 'from' | 'to']: issue.message } : {};
    },
  });
}
