/**
 * The vendor's listening audit says when data collection was paused or resumed, not by whom; a
 * change made through Motorpool has its own audit entry with the member. Joining the two tells a
 * fleet team which changes were made here, and which elsewhere (the owner's app, another client).
 */

export type VendorListeningEntry = { isListening?: boolean | null; timestamp?: string | null };
/** A Motorpool audit entry of a listening change that changed the state; `actor` is null when the viewer may not see it. */
export type MotorpoolListeningChange = { at: string; isListening: boolean; actor: string | null };

export type ListeningHistoryRow = {
  timestamp: string | null;
  /** null when the vendor sent no state (shown as it came: unknown). */
  isListening: boolean | null;
  /** Made through Motorpool, by `actor` (null: a member the viewer may not name). */
  here: { actor: string | null; at: string } | null;
};

/** Motorpool writes its entry once the upstream has answered: the two clocks differ by seconds, not minutes. */
export const JOIN_TOLERANCE_MS = 2 * 60_000;

/**
 * Each vendor entry paired with the closest unused Motorpool change of the same state within the
 * tolerance; rows keep the vendor's order.
 */
export function joinListeningHistory(
  vendor: readonly VendorListeningEntry[],
  motorpool: readonly MotorpoolListeningChange[],
  toleranceMs = JOIN_TOLERANCE_MS,
): ListeningHistoryRow[] {
  const unused = motorpool.map((change) => ({ change, at: Date.parse(change.at) })).filter((c) => Number.isFinite(c.at));
  return vendor.map((entry) => {
    const isListening = typeof entry.isListening === 'boolean' ? entry.isListening : null;
    const at = entry.timestamp ? Date.parse(entry.timestamp) : NaN;
    let best = -1;
    if (isListening !== null && Number.isFinite(at)) {
      for (let i = 0; i < unused.length; i++) {
        const distance = Math.abs(unused[i].at - at);
        if (unused[i].change.isListening !== isListening || distance > toleranceMs) continue;
        if (best === -1 || distance < Math.abs(unused[best].at - at)) best = i;
      }
    }
    const match = best === -1 ? null : unused.splice(best, 1)[0].change;
    return { timestamp: entry.timestamp ?? null, isListening, here: match ? { actor: match.actor, at: match.at } : null };
  });
}
