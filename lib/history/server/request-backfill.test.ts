import { describe, expect, it, vi } from 'vitest';
import { sql, type Logger } from 'drizzle-orm';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { emptyGatheringState, saveGatheringState } from '@/lib/db/repos/history/gathering';
import { utcDay } from '@/lib/db/repos/history/rollup';
import { createOrganization } from '@/lib/db/repos/organizations';
import { vehicleDays, type HistoryKind } from '@/lib/db/schema';
import type { Db } from '@/lib/db';
import { seedFleetVehicle } from './backfill.test-support';
import { DAY_MS } from './gather-history';
import { TEST_POLICY } from './history.test-support';
import { getVehicleBackfill } from './request-backfill';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');

const now = new Date('2026-11-20T00:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY_MS);

/** Every statement sent to the database until `stop()`, as drizzle's logger sees each one go. */
function recordStatements(db: Db): { statements: string[]; stop: () => void } {
  const session = db._.session as unknown as { logger: Logger };
  const previous = session.logger;
  const statements: string[] = [];
  session.logger = {
    logQuery: (query, params) => {
      statements.push(query);
      previous.logQuery(query, params);
    },
  };
  return { statements, stop: () => (session.logger = previous) };
}

const completeWalk = (db: Db, organizationId: string, vehicleId: string, kind: HistoryKind, coveredFrom: Date) =>
  saveGatheringState(db, organizationId, vehicleId, kind, { ...emptyGatheringState(now), coveredFrom, completeAt: now });

/** Rollup days of a vehicle: `journeys` and `charging` more on each of the days ago listed. */
const storeDays = (db: Db, organizationId: string, vehicleId: string, ago: number[], items: { journeys?: number; charging?: number }) =>
  db
    .insert(vehicleDays)
    .values(
      ago.map((n) => ({
        organizationId,
        vehicleId,
        day: utcDay(daysAgo(n)),
        journeys: items.journeys ?? 0,
        chargingSessions: items.charging ?? 0,
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [vehicleDays.organizationId, vehicleDays.vehicleId, vehicleDays.day],
      set: {
        journeys: sql`${vehicleDays.journeys} + excluded.journeys`,
        chargingSessions: sql`${vehicleDays.chargingSessions} + excluded.charging_sessions`,
      },
    });

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`a backfill estimate’s density, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('reads the vehicle’s own counts and the fleet’s last four weeks from the rollup, in four statements and no raw row', async () => {
      const credentials = { apiBaseUrl: null, clientId: 'c', clientSecret: 's' };
      const org = await createOrganization(t.db, { slug: 'density', name: 'Density', ...credentials });
      const other = await createOrganization(t.db, { slug: 'density-other', name: 'Other', ...credentials });
      for (const vehicleId of ['veh_asked', 'veh_steady', 'veh_unwalked']) await seedFleetVehicle(t.db, org.id, vehicleId);

      // The vehicle asked about: 30 days of journeys stored (3 a day), its charging walk only 3 days long.
      await completeWalk(t.db, org.id, 'veh_asked', 'journeys', daysAgo(30));
      await storeDays(t.db, org.id, 'veh_asked', range(1, 30), { journeys: 3 });
      await completeWalk(t.db, org.id, 'veh_asked', 'charging', daysAgo(2.5));
      // Two whole days covered (2 sessions each); the walk's first day is only partly covered: not counted.
      await storeDays(t.db, org.id, 'veh_asked', [1, 2], { charging: 2 });
      await storeDays(t.db, org.id, 'veh_asked', [3], { charging: 5 });
      // Another vehicle: 2 sessions and 10 journeys a day over the window, 40 sessions on a day before it.
      await completeWalk(t.db, org.id, 'veh_steady', 'journeys', daysAgo(100));
      await completeWalk(t.db, org.id, 'veh_steady', 'charging', daysAgo(100));
      await storeDays(t.db, org.id, 'veh_steady', range(1, 28), { journeys: 10, charging: 2 });
      await storeDays(t.db, org.id, 'veh_steady', [60], { charging: 40 });
      // A vehicle whose walk never completed, and another organization's: neither counts.
      await storeDays(t.db, org.id, 'veh_unwalked', [1, 2], { charging: 50 });
      await seedFleetVehicle(t.db, other.id, 'veh_theirs');
      await completeWalk(t.db, other.id, 'veh_theirs', 'charging', daysAgo(100));
      await storeDays(t.db, other.id, 'veh_theirs', range(1, 28), { charging: 100 });

      const recorded = recordStatements(t.db);
      const access = { org, user: { id: 'u', email: 'manager@density.example' } };
      const panel = await getVehicleBackfill(
        access,
        'veh_asked',
        { from: utcDay(daysAgo(60)) },
        { db: t.db, now, policy: TEST_POLICY },
      ).finally(recorded.stop);

      // Its own journeys: 90 over its 30 days. Its charging, too short: the fleet's (56 + 4) sessions over (28 + 2) whole days.
      expect(panel.estimate.kinds.journeys).toMatchObject({ densitySource: 'vehicle', itemsPerDay: 3, days: 30, items: 90 });
      expect(panel.estimate.kinds.charging).toMatchObject({ densitySource: 'fleet', itemsPerDay: 2, days: 57.5, items: 115 });
      // The roster's vehicle, its gathering states, its request and the density: the organization's raw journeys and
      // charging sessions are not read, however large they grow (the card asks every 15 s while a request is open).
      expect(recorded.statements).toHaveLength(4);
      expect(recorded.statements.filter((s) => /history_journeys|history_charging_sessions/.test(s))).toEqual([]);
    });
  });
}
