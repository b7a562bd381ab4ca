// The overview's trends card, as the browser receives it (lib/overview/server/fleet-trends.ts computes it).

/** Weeks the trends cover, the current one (so far) included. */
export const TREND_WEEKS = 12;
/** A vehicle counts as reporting when it was last seen within these hours. */
export const REPORTING_HOURS = 24;

export const HEALTH_BUCKET_LABELS = {
  below70: '< 70 %',
  from70: '70–80 %',
  from80: '80–90 %',
  from90: '≥ 90 %',
} as const;

export type HealthBucket = keyof typeof HEALTH_BUCKET_LABELS;

export interface TrendWeek {
  /** The week's Monday (UTC day, `YYYY-MM-DD`). */
  start: string;
  distanceKm: number;
  /** Energy charged as the grid delivered it (kWh). */
  energyChargedKwh: number;
}

export interface FleetTrends {
  /** The last weeks, oldest first, each present (a week without data holds zeros). */
  weeks: TrendWeek[];
  /** Whether the history store holds a journey or a charging session in these weeks (else the weeks are all zeros: nothing gathered yet). */
  hasHistory: boolean;
  /** Vehicles per battery health bucket (each vehicle's latest state of health), and those without one. */
  health: { buckets: { bucket: HealthBucket; vehicles: number }[]; withoutHealth: number };
  /** Vehicles seen within the last `hours`, of all the organization's vehicles. */
  reporting: { vehicles: number; reporting: number; hours: number };
  computedAt: string;
}
