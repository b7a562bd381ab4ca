/**
 * When a telemetry value is too old to plan with. Two paces, because signals age differently:
 *
 * - `live` (location, charging state and power): ONE HOUR. A trip or a charging session changes
 *   these within the hour, so an older reading cannot say where the vehicle is now or whether
 *   it is still charging.
 * - `slow` (state of charge, range, odometer, locks, tire pressures): TWELVE HOURS. A parked
 *   vehicle sleeps and reports rarely; an overnight gap is normal and the values barely move
 *   while parked. Past twelve hours the vehicle has missed a whole working shift of reports
 *   (offline, out of coverage, or listening off), so the value may no longer describe it.
 */
export const STALE_AFTER_MS = { live: 60 * 60_000, slow: 12 * 60 * 60_000 } as const;
export type SignalPace = keyof typeof STALE_AFTER_MS;

export const STALE_AFTER_TEXT: Record<SignalPace, string> = { live: 'one hour', slow: '12 hours' };

export type Freshness = { ageMs: number | null; stale: boolean };

/** A value with no readable time is treated as stale: nothing says it is recent. */
export function freshness(timestamp: string | null | undefined, now: number, pace: SignalPace): Freshness {
  const at = timestamp ? Date.parse(timestamp) : NaN;
  if (!Number.isFinite(at)) return { ageMs: null, stale: true };
  const ageMs = now - at;
  return { ageMs, stale: ageMs > STALE_AFTER_MS[pace] };
}
