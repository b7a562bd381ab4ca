import { describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { getGatheringState } from '@/lib/db/repos/history/gathering';
import { recordConnection } from '@/lib/db/repos/vehicle-snapshots';
import { journeyHistory } from '@/lib/db/schema';
import type { Db } from '@/lib/db';
import { DAY_MS, gatherHistory, type HistoryPolicy } from './gather-history';
import { HOUR, TEST_POLICY, historyOrganization, historyWorld, upstreamItems } from './history.test-support';
import { storeCovers } from './history-queries';
import { retentionCutoff } from './prune-history';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');

async function storedJourneyIds(db: Db, organizationId: string, vehicleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: journeyHistory.journeyId })
    .from(journeyHistory)
    .where(and(eq(journeyHistory.organizationId, organizationId), eq(journeyHistory.vehicleId, vehicleId)))
    .orderBy(journeyHistory.journeyId);
  return rows.map((r) => r.id);
}

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`the history gathering, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it('lets the process answer other work between pages, though the embedded sandbox and database answer without I/O', async () => {
      const w = historyWorld();
      const org = await historyOrganization(t.db, w);
      // Turns of the event loop while the pass runs, as a request arriving meanwhile would need.
      let turns = 0;
      let counting: NodeJS.Immediate;
      const count = () => {
        turns += 1;
        counting = setImmediate(count);
      };
      counting = setImmediate(count);
      try {
        // Pages are what count here, not items: a week of history in pages of five.
        const pages: HistoryPolicy = { ...TEST_POLICY, backfillMs: 7 * DAY_MS, pageSize: 5 };
        const pass = await gatherHistory(t.db, org.apiFor, w.now, pages);
        expect(pass.calls.journeys).toBeGreaterThan(5);
        // At least a turn per round of pages (the vehicles gathered at once each ask a page). Before, a
        // pass was one chain of promises and nothing else ran until it ended (25 s at the demo's start-up).
        expect(turns).toBeGreaterThanOrEqual(pass.calls.journeys / pages.concurrency);
      } finally {
        clearImmediate(counting);
      }
    });

    it('backfills each readable vehicle, then asks only for items newer than the newest stored', { timeout: 60_000 }, async () => {
      const w = historyWorld();
      w.visibleUntil = w.seededAt - 30 * DAY_MS;
      const org = await historyOrganization(t.db, w);
      const vehicleId = w.fixtures.onlineListeningVehicleId;

      const first = await gatherHistory(t.db, org.apiFor, w.now, TEST_POLICY);
      expect(first.vehicles).toBeGreaterThan(5);
      // Vehicles not listening are recorded as such and never asked.
      expect(w.calls.some((c) => c.vehicleId === w.fixtures.notListeningVehicleId)).toBe(false);
      expect((await getGatheringState(t.db, org.id, w.fixtures.notListeningVehicleId, 'journeys'))?.status).toBe('not_listening');

      const horizon = new Date(w.now().getTime() - TEST_POLICY.backfillMs);
      const expected = await upstreamItems(w.uncounted, vehicleId, 'journeys', horizon, new Date(w.visibleUntil));
      expect(expected.length).toBeGreaterThan(40);
      expect(await storedJourneyIds(t.db, org.id, vehicleId)).toEqual([...expected].sort());
      // The first walk asked for everything after the horizon.
      expect(w.calls.find((c) => c.vehicleId === vehicleId && c.kind === 'journeys')?.filter).toEqual([
        { field: 'startTimestamp', operator: '>', value: horizon.toISOString() },
      ]);

      // Not due again within the interval: no call at all.
      w.calls.length = 0;
      w.advance(HOUR);
      await gatherHistory(t.db, org.apiFor, w.now, TEST_POLICY);
      expect(w.calls).toEqual([]);

      // A day later the upstream holds ten more days: one call per kind, asking after the newest stored start.
      const [newest] = await t.db
        .select({ at: sql<Date>`max(${journeyHistory.startedAt})` })
        .from(journeyHistory)
        .where(and(eq(journeyHistory.organizationId, org.id), eq(journeyHistory.vehicleId, vehicleId)));
      w.advance(24 * HOUR);
      w.visibleUntil += 10 * DAY_MS;
      const second = await gatherHistory(t.db, org.apiFor, w.now, TEST_POLICY);
      const asked = w.calls.filter((c) => c.vehicleId === vehicleId);
      expect(asked.map((c) => c.kind)).toEqual(['journeys', 'charging']);
      expect(asked[0].filter).toEqual([{ field: 'startTimestamp', operator: '>', value: new Date(newest.at).toISOString() }]);
      expect(w.calls.length).toBe(2 * second.vehicles);
      const after = await upstreamItems(w.uncounted, vehicleId, 'journeys', horizon, new Date(w.visibleUntil));
      expect(after.length).toBeGreaterThan(expected.length);
      expect(await storedJourneyIds(t.db, org.id, vehicleId)).toEqual([...after].sort());
    });

    it('reaches back no further than the prune’s calendar cut when the retention is shorter than the first walk', async () => {
      const w = historyWorld({ vehiclesPerOrg: 2 });
      const org = await historyOrganization(t.db, w);
      await gatherHistory(t.db, org.apiFor, w.now, { ...TEST_POLICY, retentionMonths: 1 });
      expect(w.calls.find((c) => c.vehicleId === w.fixtures.onlineListeningVehicleId && c.kind === 'journeys')?.filter).toEqual([
        { field: 'startTimestamp', operator: '>', value: retentionCutoff(w.now(), 1).toISOString() },
      ]);
    });

    it(
      'spends at most its share of each vehicle’s budget, and a walk cut by it (or by a restart) goes on where it stopped',
      { timeout: 240_000 },
      async () => {
        const w = historyWorld({ vehiclesPerOrg: 10 });
        const org = await historyOrganization(t.db, w);
        const vehicleId = w.fixtures.onlineListeningVehicleId;
        // 200 requests a day at 1.5 %: three calls a day per vehicle; 25 journeys a page.
        const policy: HistoryPolicy = { ...TEST_POLICY, budgetShare: 0.015, pageSize: 25 };
        const horizon = new Date(w.now().getTime() - policy.backfillMs);
        const expected = await upstreamItems(w.uncounted, vehicleId, 'journeys', horizon, w.now());
        const pagesNeeded = Math.ceil(expected.length / 25) + (expected.length % 25 === 0 ? 1 : 0);
        expect(pagesNeeded).toBeGreaterThan(4);

        let db = t.db;
        let restarts = 0;
        for (let day = 0; day < 6; day++) {
          // Several passes a day: the share, not the tick, bounds the calls.
          for (let pass = 0; pass < 3; pass++) {
            await gatherHistory(db, org.apiFor, w.now, policy);
            w.advance(8 * HOUR);
            // A restart while the walk is partway (pages stored, older ones still to ask): its progress
            // is in the database, not in the process.
            if ((await getGatheringState(db, org.id, vehicleId, 'journeys'))?.walkOldestAt) {
              db = await t.database.reopen();
              restarts += 1;
            }
          }
        }
        expect(restarts).toBeGreaterThan(0);
        // Per vehicle and budget window (the sandbox's is a day): never more than the share.
        const perWindow = new Map<string, number>();
        for (const c of w.calls) {
          const key = `${c.vehicleId}@${Math.floor(c.at / DAY_MS)}`;
          perWindow.set(key, (perWindow.get(key) ?? 0) + 1);
        }
        expect(Math.max(...perWindow.values())).toBe(3);
        expect(w.calls.filter((c) => c.vehicleId === vehicleId).length).toBeGreaterThanOrEqual(pagesNeeded);
        // Every page asked once: the walk resumed below what it had stored, never from the top again.
        const journeyCalls = w.calls.filter((c) => c.vehicleId === vehicleId && c.kind === 'journeys');
        const uppers = journeyCalls.flatMap((c) => c.filter.find((f) => f.operator === '<')?.value ?? []);
        expect(uppers.length).toBe(pagesNeeded - 1);
        expect(new Set(uppers).size).toBe(uppers.length);
        expect(await storedJourneyIds(db, org.id, vehicleId)).toEqual([...expected].sort());
        const state = await getGatheringState(db, org.id, vehicleId, 'journeys');
        expect(state?.walkStartedAt).toBeNull();
        expect(state?.status).toBe('ok');
        expect(
          await storeCovers(db, org.id, vehicleId, 'journeys', { from: new Date(horizon.getTime() + DAY_MS), to: new Date(w.seededAt) }),
        ).toBe(true);
        expect(
          await storeCovers(db, org.id, vehicleId, 'journeys', { from: new Date(horizon.getTime() - DAY_MS), to: new Date(w.seededAt) }),
        ).toBe(false);
      },
    );

    it('records a vehicle whose consent lacks the scope once, and asks again only at its next attempt', { timeout: 60_000 }, async () => {
      const w = historyWorld();
      const org = await historyOrganization(t.db, w);
      const vehicleId = w.fixtures.onlineListeningVehicleId;
      w.refuse = (call) =>
        call.vehicleId === vehicleId && call.kind === 'charging'
          ? Response.json({ error: 'AUTHENTICATION_ERROR', message: 'consent lacks the scope' }, { status: 401 })
          : undefined;
      const charging = () => w.calls.filter((c) => c.vehicleId === vehicleId && c.kind === 'charging').length;

      await gatherHistory(t.db, org.apiFor, w.now, TEST_POLICY);
      const state = await getGatheringState(t.db, org.id, vehicleId, 'charging');
      expect(state).toMatchObject({ status: 'no_consent', reason: 'vehicle:charging_history' });
      expect(state?.nextAttemptAt?.getTime()).toBe(w.now().getTime() + TEST_POLICY.noConsentRetryMs);
      const asked = charging();
      expect(asked).toBeGreaterThan(0);
      // Journeys of the same vehicle are gathered all the same.
      expect((await getGatheringState(t.db, org.id, vehicleId, 'journeys'))?.status).toBe('ok');

      // Passes over the next six days, a day apart: never asked.
      for (let day = 0; day < 6; day++) {
        w.advance(DAY_MS);
        await gatherHistory(t.db, org.apiFor, w.now, TEST_POLICY);
      }
      expect(charging()).toBe(asked);
      expect((await getGatheringState(t.db, org.id, vehicleId, 'charging'))?.updatedAt).toEqual(state?.updatedAt);

      // Past its next attempt, with the consent granted meanwhile: asked again and gathered.
      w.refuse = undefined;
      w.advance(DAY_MS);
      await gatherHistory(t.db, org.apiFor, w.now, TEST_POLICY);
      expect(charging()).toBe(asked + 1);
      expect(await getGatheringState(t.db, org.id, vehicleId, 'charging')).toMatchObject({ status: 'ok', reason: null });
    });

    it(
      'backs off a vehicle the upstream fails on, and leaves a disconnected one until it connects again',
      { timeout: 60_000 },
      async () => {
        const w = historyWorld();
        const org = await historyOrganization(t.db, w);
        const vehicleId = w.fixtures.onlineListeningVehicleId;
        w.refuse = (call) =>
          call.vehicleId === vehicleId ? Response.json({ error: 'SERVER_ERROR', message: 'down' }, { status: 500 }) : undefined;
        await gatherHistory(t.db, org.apiFor, w.now, { ...TEST_POLICY, concurrency: 1 });
        const state = await getGatheringState(t.db, org.id, vehicleId, 'journeys');
        expect(state).toMatchObject({ status: 'error', reason: 'SERVER_ERROR', failures: 1 });
        const asked = w.calls.length;
        w.advance(10 * 60_000);
        await gatherHistory(t.db, org.apiFor, w.now, TEST_POLICY);
        expect(w.calls.length).toBe(asked);

        // The snapshot hears the vehicle disconnect: recorded once, never asked; connected again, it is asked at once.
        const other = w.fixtures.offlineVehicleId;
        await recordConnection(t.db, org.id, other, 'DISCONNECTED', w.now());
        w.advance(2 * DAY_MS);
        const before = w.calls.length;
        await gatherHistory(t.db, org.apiFor, w.now, TEST_POLICY);
        expect(w.calls.slice(before).some((c) => c.vehicleId === other)).toBe(false);
        const recorded = await getGatheringState(t.db, org.id, other, 'journeys');
        expect(recorded).toMatchObject({ status: 'disconnected', reason: 'DISCONNECTED' });
        w.advance(DAY_MS);
        await gatherHistory(t.db, org.apiFor, w.now, TEST_POLICY);
        expect((await getGatheringState(t.db, org.id, other, 'journeys'))?.updatedAt).toEqual(recorded?.updatedAt);
        await recordConnection(t.db, org.id, other, 'CONNECTED', w.now());
        const reconnected = w.calls.length;
        await gatherHistory(t.db, org.apiFor, w.now, TEST_POLICY);
        expect(
          w.calls
            .slice(reconnected)
            .filter((c) => c.vehicleId === other)
            .map((c) => c.kind),
        ).toEqual(['journeys', 'charging']);
        expect((await getGatheringState(t.db, org.id, other, 'journeys'))?.status).toBe('ok');
      },
    );
  });
}
