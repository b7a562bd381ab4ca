import 'server-only';
import { getDb, type Db } from '@/lib/db';
import type { OrgAccess } from '@/lib/org/org-access';
import { HEALTH_BUCKETS, snapshotHealthAndReporting } from '@/lib/db/repos/vehicle-snapshots';
import { utcDay } from '@/lib/db/repos/history/rollup';
import { fleetSeries } from '@/lib/history/server/history-queries';
import { REPORTING_HOURS, TREND_WEEKS, type FleetTrends } from '../trends';

const DAY_MS = 86_400_000;

/** The Monday (UTC) of the week `at` falls in, at midnight. */
export function weekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/**
 * The overview's trends from Motorpool's own stores (no upstream call): distance and energy charged
 * per week over the last weeks from the history rollup (weeks without data as zeros), the battery
 * health distribution and the share of vehicles reporting from the snapshot.
 */
export async function fleetTrends(db: Db, organizationId: string, now: Date): Promise<FleetTrends> {
  const first = new Date(weekStart(now).getTime() - (TREND_WEEKS - 1) * 7 * DAY_MS);
  const [series, snapshot] = await Promise.all([
    fleetSeries(db, organizationId, { from: first, to: now }, 'week'),
    snapshotHealthAndReporting(db, organizationId, new Date(now.getTime() - REPORTING_HOURS * 3_600_000)),
  ]);
  const byWeek = new Map(series.map((p) => [p.start, p]));
  const weeks = Array.from({ length: TREND_WEEKS }, (_, i) => {
    const start = utcDay(new Date(first.getTime() + i * 7 * DAY_MS));
    const point = byWeek.get(start);
    return { start, distanceKm: point?.distanceKm ?? 0, energyChargedKwh: point?.energyChargedKwh ?? 0 };
  });
  return {
    weeks,
    // Days with only a reading (no journey, no session) give weeks of zeros: no history to chart yet.
    hasHistory: series.some((p) => p.journeys > 0 || p.chargingSessions > 0),
    health: {
      buckets: HEALTH_BUCKETS.map(({ key }) => ({ bucket: key, vehicles: snapshot[key] })),
      withoutHealth: snapshot.withoutHealth,
    },
    reporting: { vehicles: snapshot.vehicles, reporting: snapshot.reporting, hours: REPORTING_HOURS },
    computedAt: now.toISOString(),
  };
}

/** The overview's trends of the organization asked for (GET /api/o/{org}/overview/trends). */
export function overviewTrends({ org }: OrgAccess): Promise<FleetTrends> {
  return fleetTrends(getDb(), org.id, new Date());
}
