import { isNumber as finite, type Figure } from '@/lib/format/figures';

/** The charging-session fields the views compute with. */
export type ChargingNumbers = {
  startedAt?: string | null;
  endedAt?: string | null;
  chargeDuration?: Figure;
  kwhFromGrid?: Figure;
  kwhInHvb?: Figure;
};

/**
 * Energy drawn from the grid that did not reach the high-voltage battery (charger and cable
 * losses, battery heating). Null when either figure is missing or nothing was drawn.
 */
export function chargingLoss(session: Pick<ChargingNumbers, 'kwhFromGrid' | 'kwhInHvb'>): { kwh: number; percent: number } | null {
  const { kwhFromGrid: grid, kwhInHvb: battery } = session;
  if (!finite(grid) || !finite(battery) || grid <= 0) return null;
  const kwh = grid - battery;
  return { kwh, percent: (kwh / grid) * 100 };
}

/**
 * Minutes from start to end. The timestamps are unambiguous; `chargeDuration` has no unit in the
 * contract, so it is only the fallback, read as seconds (what the sandbox and the vendor's
 * examples send) [A].
 */
export function chargingDurationMinutes(session: ChargingNumbers): number | null {
  if (session.startedAt && session.endedAt) {
    const ms = Date.parse(session.endedAt) - Date.parse(session.startedAt);
    if (Number.isFinite(ms) && ms >= 0) return ms / 60_000;
  }
  return finite(session.chargeDuration) && session.chargeDuration >= 0 ? session.chargeDuration / 60 : null;
}

export type SessionEnergy = {
  id: string;
  startedAt: string | null;
  fromGridKwh: number | null;
  intoBatteryKwh: number | null;
  lossKwh: number | null;
};

/** One bar group per session, oldest first (lists arrive newest first). */
export function energyPerSession(sessions: readonly (ChargingNumbers & { id: string })[]): SessionEnergy[] {
  return [...sessions]
    .sort((a, b) => (a.startedAt ?? '').localeCompare(b.startedAt ?? ''))
    .map((s) => ({
      id: s.id,
      startedAt: s.startedAt ?? null,
      fromGridKwh: finite(s.kwhFromGrid) ? s.kwhFromGrid : null,
      intoBatteryKwh: finite(s.kwhInHvb) ? s.kwhInHvb : null,
      lossKwh: chargingLoss(s)?.kwh ?? null,
    }));
}
