import { describe, expect, it } from 'vitest';
import { budgetWords, durationWords, estimateBackfill, estimateKind, estimateMethod, type EstimateInput } from './backfill';

const DAY = 86_400_000;
const now = new Date('2026-11-20T08:00:00Z');
const nothing = { vehicleItems: 0, vehicleDays: 0, fleetItems: 0, fleetDays: 0 };

/** A vehicle stored from 90 days back, 3 journeys and 0.5 charging sessions a day; 10 calls a day, none spent yet. */
const input = (change: Partial<EstimateInput> = {}): EstimateInput => ({
  from: new Date(now.getTime() - 200 * DAY),
  now,
  pageSize: 100,
  kinds: {
    journeys: { coveredFrom: new Date(now.getTime() - 90 * DAY), vehicleItems: 270, vehicleDays: 90, fleetItems: 0, fleetDays: 0 },
    charging: { coveredFrom: new Date(now.getTime() - 90 * DAY), vehicleItems: 45, vehicleDays: 90, fleetItems: 0, fleetDays: 0 },
  },
  budget: { allowedPerWindow: 10, windowMs: DAY, known: true, spentInWindow: 0, windowEnd: new Date('2026-11-21T00:00:00Z') },
  tickMs: 10 * 60_000,
  ...change,
});

describe('a backfill’s estimated cost', () => {
  it('counts the pages of the days not stored at the vehicle’s own density', () => {
    const estimate = estimateBackfill(input());
    // 110 days missing: 330 journeys in pages of 100 (4 calls), 55 charging sessions (1 call).
    expect(estimate.kinds.journeys).toEqual({ days: 110, itemsPerDay: 3, densitySource: 'vehicle', items: 330, pages: 4 });
    expect(estimate.kinds.charging).toEqual({ days: 110, itemsPerDay: 0.5, densitySource: 'vehicle', items: 55, pages: 1 });
    expect(estimate.calls).toBe(5);
    // Within what is left of today’s share: at the job’s next pass.
    expect(estimate).toMatchObject({ windows: 1, durationMs: 10 * 60_000, doneBy: '2026-11-20T08:10:00.000Z', from: '2026-05-04' });
  });

  it('asks one more page when the items fill the last one exactly (the walk stops at a page without a next token)', () => {
    expect(
      estimateKind(
        'journeys',
        { ...nothing, coveredFrom: now, vehicleItems: 100, vehicleDays: 10 },
        new Date(now.getTime() - 20 * DAY),
        now,
        100,
      ),
    ).toMatchObject({
      items: 200,
      pages: 3,
    });
  });

  it('takes the fleet’s density for a vehicle with less than a week stored, and an assumption without any', () => {
    const fleet = estimateKind(
      'journeys',
      { coveredFrom: null, vehicleItems: 2, vehicleDays: 1, fleetItems: 600, fleetDays: 300 },
      new Date(now.getTime() - 30 * DAY),
      now,
      25,
    );
    // Nothing gathered yet: every day up to now is missing.
    expect(fleet).toEqual({ days: 30, itemsPerDay: 2, densitySource: 'fleet', items: 60, pages: 3 });
    const assumed = estimateKind('charging', { ...nothing, coveredFrom: null }, new Date(now.getTime() - 30 * DAY), now, 25);
    expect(assumed).toEqual({ days: 30, itemsPerDay: 1, densitySource: 'assumed', items: 30, pages: 2 });
  });

  it('costs nothing when the store already reaches the start', () => {
    const estimate = estimateBackfill(input({ from: new Date(now.getTime() - 60 * DAY) }));
    expect(estimate).toMatchObject({ calls: 0, windows: 0, durationMs: 0 });
    expect(estimateMethod(estimate)[0]).toBe('journeys: already stored from this day on, no call.');
  });

  it('spreads calls beyond today’s share over later windows, keeping one call per kind for the daily walk of new items', () => {
    // 400 days at 10 journeys a day: 4000, 41 pages (the last one empty); charging: 400 × 0.5 = 200, 3 pages. 44 calls.
    const estimate = estimateBackfill(
      input({
        from: new Date(now.getTime() - 490 * DAY),
        kinds: {
          journeys: { coveredFrom: new Date(now.getTime() - 90 * DAY), vehicleItems: 900, vehicleDays: 90, fleetItems: 0, fleetDays: 0 },
          charging: { coveredFrom: new Date(now.getTime() - 90 * DAY), vehicleItems: 45, vehicleDays: 90, fleetItems: 0, fleetDays: 0 },
        },
        budget: { allowedPerWindow: 10, windowMs: DAY, known: true, spentInWindow: 4, windowEnd: new Date('2026-11-21T00:00:00Z') },
      }),
    );
    expect(estimate.calls).toBe(44);
    // 6 left today; 38 more at 8 a day: 5 more windows, the last from 2026-11-25, its pages at the pass after midnight.
    expect(estimate.budget).toEqual({ callsPerWindow: 10, windowSeconds: 86_400, known: true, leftInWindow: 6, reservedPerWindow: 2 });
    expect(estimate.windows).toBe(6);
    expect(estimate.doneBy).toBe('2026-11-25T00:10:00.000Z');
    expect(durationWords(estimate.durationMs)).toBe('about 5 days');
    expect(budgetWords(estimate)).toBe('10 calls per day (the history’s share of the vehicle’s rate budget)');
  });

  it('says so when the share allows no call at all', () => {
    const estimate = estimateBackfill(
      input({ budget: { allowedPerWindow: 0, windowMs: DAY, known: true, spentInWindow: 0, windowEnd: now } }),
    );
    expect(estimate).toMatchObject({ windows: null, doneBy: null, durationMs: null });
    expect(durationWords(null)).toBe('never within the current budget share');
  });

  it('explains each kind’s figures', () => {
    expect(estimateMethod(estimateBackfill(input()))).toEqual([
      'journeys: 110 days not stored × 3 a day (from this vehicle’s stored history) ≈ 330, in pages of 100: 4 calls.',
      'charging sessions: 110 days not stored × 0.5 a day (from this vehicle’s stored history) ≈ 55, in pages of 100: 1 call.',
    ]);
  });
});
