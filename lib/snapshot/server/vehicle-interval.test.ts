import { describe, expect, it } from 'vitest';
import { vehicleIntervalMs, type SnapshotPolicy } from './refresh-snapshots';

const MINUTE = 60_000;
const POLICY: SnapshotPolicy = { intervalMs: 15 * MINUTE, budgetShare: 0.25, budgetTtlMs: 24 * 60 * MINUTE, concurrency: 4 };

describe('vehicleIntervalMs', () => {
  it('spends at most the budget share: 200 reads a day at 25% is one read per 28.8 minutes, whatever the shorter interval', () => {
    expect(vehicleIntervalMs(POLICY, { max: 200, windowSeconds: 86_400 })).toBe(28.8 * MINUTE);
    expect(vehicleIntervalMs({ ...POLICY, intervalMs: 60 * MINUTE }, { max: 200, windowSeconds: 86_400 })).toBe(60 * MINUTE);
    expect(vehicleIntervalMs(POLICY, { max: null, windowSeconds: null })).toBe(15 * MINUTE);
  });

  it('takes the daily state-of-health read out of the same share: 49 telemetry reads a day are left of 50', () => {
    const withHealth = { ...POLICY, stateOfHealthIntervalMs: 24 * 60 * MINUTE };
    expect(vehicleIntervalMs(withHealth, { max: 200, windowSeconds: 86_400 })).toBe(Math.ceil(86_400_000 / 49));
    // A share too small for even the daily read leaves no telemetry read.
    expect(vehicleIntervalMs({ ...withHealth, budgetShare: 0.004 }, { max: 200, windowSeconds: 86_400 })).toBe(Number.POSITIVE_INFINITY);
  });
});
