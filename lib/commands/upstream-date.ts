import { upstreamDate } from '@/lib/vehicle-api/upstream-values';

/**
 * An upstream timestamp read defensively: a value that is not a date is kept as it came (to be
 * shown as such) instead of failing the write that records it.
 */
export function readUpstreamDate(value: string | null | undefined): { date: Date | null; raw: string | null } {
  if (value === null || value === undefined || value === '') return { date: null, raw: null };
  const date = upstreamDate(value);
  return date ? { date, raw: null } : { date: null, raw: value };
}
