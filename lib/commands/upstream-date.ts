/**
 * An upstream timestamp read defensively: a value that is not a date is kept as it came (to be
 * shown as such) instead of failing the write that records it.
 */
export function readUpstreamDate(value: string | null | undefined): { date: Date | null; raw: string | null } {
  if (value === null || value === undefined || value === '') return { date: null, raw: null };
  const at = Date.parse(value);
  return Number.isNaN(at) ? { date: null, raw: value } : { date: new Date(at), raw: null };
}
