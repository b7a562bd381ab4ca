import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { getBackfill, upsertBackfill } from '@/lib/db/repos/history/backfills';
import { emptyGatheringState, getGatheringState } from '@/lib/db/repos/history/gathering';
import { chargingHistory, journeyHistory } from '@/lib/db/schema';
import type { Db } from '@/lib/db';
import { backfillProgress, backfillStart, recordBackfillPass } from './gather-backfill';
import { DAY_MS, gatherHistory, type HistoryPolicy } from './gather-history';
import { HOUR, TEST_POLICY, historyOrganization, historyWorld, keepOnlyVehicles, upstreamItems } from './history.test-support';
import { storeCovers } from './history-queries';

const PAGE = 10;

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');

async function storedIds(db: Db, organizationId: string, vehicleId: string, kind: 'journeys' | 'charging'): Promise<string[]> {
  const table = kind === 'journeys' ? journeyHistory : chargingHistory;
  const id = kind === 'journeys' ? journeyHistory.journeyId : chargingHistory.sessionId;
  const rows = await db
    .select({ id })
    .from(table)
    .where(and(eq(table.organizationId, organizationId), eq(table.vehicleId, vehicleId)));
  return rows.map((r) => r.id).sort();
}

const request = (db: Db, organizationId: string, vehicleId: string, requestedFrom: Date, at: Date) =>
  upsertBackfill(db, {
    organizationId,
    vehicleId,
    requestedFrom,
    requestedBy: null,
    requestedByEmail: 'manager@example.test',
    requestedAt: at,
    estimatedCalls: 10,
  });

describe('the start a backfill reaches for', () => {
  it('is the requested day, or the prune’s cut (13 calendar months) once the request is older than it', () => {
    const now = new Date('2026-11-20T08:00:00Z');
    const requested = new Date('2025-10-21T00:00:00Z');
    expect(backfillStart({ requestedFrom: requested }, now, TEST_POLICY)).toEqual(requested);
    const later = new Date('2026-11-25T08:00:00Z');
    expect(backfillStart({ requestedFrom: requested }, later, TEST_POLICY)).toEqual(new Date('2025-10-25T08:00:00Z'));
    // The policy's months are the prune's calendar months, whatever their length.
    expect(backfillStart({ requestedFrom: requested }, later, { ...TEST_POLICY, retentionMonths: 2 })).toEqual(
      new Date('2026-09-25T08:00:00Z'),
    );
  });
});

describe('where a backfill stands after a pass', () => {
  const at = new Date('2026-11-20T08:00:00Z');
  const from = new Date('2026-05-01T00:00:00Z');
  const reached = { ...emptyGatheringState(at), coveredFrom: from, completeAt: at };
  const short = { ...reached, coveredFrom: new Date('2026-08-22T08:00:00Z') };

  it('is done when both kinds are stored back to the start after a complete walk, else queued or gathering by the calls spent', () => {
    expect(backfillProgress({ journeys: reached, charging: reached }, from, 3)).toEqual({ status: 'done', reason: null });
    expect(backfillProgress({ journeys: reached, charging: short }, from, 0)).toEqual({ status: 'queued', reason: null });
    expect(backfillProgress({ journeys: reached, charging: short }, from, 2)).toEqual({ status: 'gathering', reason: null });
    // Stored back to the start but its first walk not complete yet: not done.
    expect(backfillProgress({ journeys: reached, charging: { ...reached, completeAt: null } }, from, 2).status).toBe('gathering');
  });

  it('fails with the reason when the owner must act, or after three upstream errors in a row (not before)', () => {
    const noConsent = { ...short, status: 'no_consent' as const, reason: 'vehicle:charging_history' };
    expect(backfillProgress({ journeys: reached, charging: noConsent }, from, 1)).toEqual({
      status: 'failed',
      reason: 'charging: no_consent (vehicle:charging_history)',
    });
    const erring = (failures: number) => ({ ...short, status: 'error' as const, reason: 'SERVER_ERROR', failures });
    expect(backfillProgress({ journeys: erring(2), charging: reached }, from, 1).status).toBe('gathering');
    expect(backfillProgress({ journeys: erring(3), charging: reached }, from, 1)).toEqual({
      status: 'failed',
      reason: 'journeys: error (SERVER_ERROR)',
    });
  });
});

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`a requested history backfill, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);

    it(
      'gathers back to a start earlier than the default backfill, below what is stored, within the vehicle’s budget share',
      { timeout: 240_000 },
      async () => {
        const w = historyWorld();
        // The vehicle asked for, and two others whose walks must stay within the default horizon.
        await keepOnlyVehicles(w, w.fixtures.onlineListeningVehicleId, w.fixtures.offlineVehicleId, w.fixtures.spentBudgetVehicleId);
        const org = await historyOrganization(t.db, w);
        const vehicleId = w.fixtures.onlineListeningVehicleId;
        // 200 requests a day at 5 %: ten calls a day per vehicle; ten items a page; a first walk of 30 days.
        const policy: HistoryPolicy = { ...TEST_POLICY, budgetShare: 0.05, pageSize: PAGE, backfillMs: 30 * DAY_MS };
        for (let pass = 0; pass < 6; pass++) {
          await gatherHistory(t.db, org.apiFor, w.now, policy);
          w.advance(8 * HOUR);
        }
        const horizon = (await getGatheringState(t.db, org.id, vehicleId, 'journeys'))!.coveredFrom!;
        expect(horizon.getTime()).toBe(w.seededAt - 30 * DAY_MS);
        const firstWalkCalls = w.calls.length;

        // Asked for 120 days before the data was seeded: 90 days more than stored.
        const from = new Date(w.seededAt - 120 * DAY_MS);
        await request(t.db, org.id, vehicleId, from, w.now());
        const expectedJourneys = await upstreamItems(w.uncounted, vehicleId, 'journeys', from, w.now());
        const expectedCharging = await upstreamItems(w.uncounted, vehicleId, 'charging', from, w.now());
        // More pages than a day's share: the backfill must spread over several windows.
        expect(Math.ceil(expectedJourneys.length / PAGE)).toBeGreaterThan(10);

        let days = 0;
        while ((await getBackfill(t.db, org.id, vehicleId))?.status !== 'done' && days < 20) {
          for (let pass = 0; pass < 3; pass++) {
            await gatherHistory(t.db, org.apiFor, w.now, policy);
            w.advance(8 * HOUR);
          }
          days += 1;
        }
        const backfill = await getBackfill(t.db, org.id, vehicleId);
        expect(backfill).toMatchObject({ status: 'done', reason: null });
        expect(backfill?.finishedAt).not.toBeNull();

        // Never more than the share in any budget window (the sandbox's is a day), for any vehicle.
        const perWindow = new Map<string, number>();
        for (const c of w.calls) {
          const key = `${c.vehicleId}@${Math.floor(c.at / DAY_MS)}`;
          perWindow.set(key, (perWindow.get(key) ?? 0) + 1);
        }
        expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(10);

        // Every item back to the start is stored, and the store vouches for it.
        expect(await storedIds(t.db, org.id, vehicleId, 'journeys')).toEqual([...expectedJourneys].sort());
        expect(await storedIds(t.db, org.id, vehicleId, 'charging')).toEqual([...expectedCharging].sort());
        expect(await storeCovers(t.db, org.id, vehicleId, 'journeys', { from, to: new Date(w.seededAt) })).toBe(true);

        // The backfill's walk asked only below what was stored and never before the start; each page once.
        const backfillCalls = w.calls.slice(firstWalkCalls).filter((c) => c.vehicleId === vehicleId && c.kind === 'journeys');
        const deep = backfillCalls.filter((c) => c.filter.some((f) => f.operator === '>' && f.value === from.toISOString()));
        expect(deep.length).toBe(Math.floor((expectedJourneys.length - (await countAfter(w, vehicleId, horizon))) / PAGE) + 1);
        expect(new Set(deep.map((c) => JSON.stringify(c.filter))).size).toBe(deep.length);
        // Spread over more than one budget window: the share, not the request, set the pace.
        expect(new Set(deep.map((c) => Math.floor(c.at / DAY_MS))).size).toBeGreaterThan(1);
        expect(backfill!.calls).toBeGreaterThanOrEqual(deep.length);

        // Done: no other vehicle was asked below the default horizon.
        expect(
          w.calls.some((c) => c.vehicleId !== vehicleId && c.filter.some((f) => f.operator === '>' && f.value === from.toISOString())),
        ).toBe(false);
      },
    );

    it('keeps a request open that was merged with an earlier start while a pass worked to the older one', async () => {
      const w = historyWorld({ vehiclesPerOrg: 2 });
      const org = await historyOrganization(t.db, w);
      const vehicleId = w.fixtures.onlineListeningVehicleId;
      const first = await request(t.db, org.id, vehicleId, new Date(w.seededAt - 100 * DAY_MS), w.now());
      // Meanwhile the manager asks for 150 days: merged into the open request.
      await request(t.db, org.id, vehicleId, new Date(w.seededAt - 150 * DAY_MS), w.now());
      const reached = { ...emptyGatheringState(w.now()), coveredFrom: first.requestedFrom, completeAt: w.now() };
      await recordBackfillPass(t.db, first, { journeys: reached, charging: reached }, first.requestedFrom, 4, w.now());
      expect(await getBackfill(t.db, org.id, vehicleId)).toMatchObject({
        status: 'gathering',
        calls: 4,
        finishedAt: null,
        requestedFrom: new Date(w.seededAt - 150 * DAY_MS),
      });
      // The pass that worked to the merged start closes it.
      const merged = (await getBackfill(t.db, org.id, vehicleId))!;
      const further = { ...reached, coveredFrom: merged.requestedFrom };
      await recordBackfillPass(t.db, merged, { journeys: further, charging: further }, merged.requestedFrom, 2, w.now());
      expect(await getBackfill(t.db, org.id, vehicleId)).toMatchObject({ status: 'done', calls: 6, finishedAt: w.now() });
    });

    it('reaches back to the start in the first walk of a vehicle never gathered, and fails with the reason when it cannot be read', async () => {
      const w = historyWorld();
      await keepOnlyVehicles(w, w.fixtures.onlineListeningVehicleId, w.fixtures.notListeningVehicleId);
      const org = await historyOrganization(t.db, w);
      const vehicleId = w.fixtures.onlineListeningVehicleId;
      const from = new Date(w.seededAt - 100 * DAY_MS);
      await request(t.db, org.id, vehicleId, from, w.now());
      await request(t.db, org.id, w.fixtures.notListeningVehicleId, from, w.now());
      await gatherHistory(t.db, org.apiFor, w.now, { ...TEST_POLICY, budgetShare: 1 });
      expect(w.calls.find((c) => c.vehicleId === vehicleId && c.kind === 'journeys')?.filter).toEqual([
        { field: 'startTimestamp', operator: '>', value: from.toISOString() },
      ]);
      expect(await getBackfill(t.db, org.id, vehicleId)).toMatchObject({ status: 'done' });
      expect(await getBackfill(t.db, org.id, w.fixtures.notListeningVehicleId)).toMatchObject({
        status: 'failed',
        reason: 'journeys: not_listening (NOT_LISTENING)',
        calls: 0,
      });
    });
  });
}

/** The upstream's journeys of the vehicle started after `after`, as the first walk stored them. */
async function countAfter(w: ReturnType<typeof historyWorld>, vehicleId: string, after: Date): Promise<number> {
  return (await upstreamItems(w.uncounted, vehicleId, 'journeys', after, w.now())).length;
}
