import { describe, expect, it } from 'vitest';
import { chargingDurationMinutes, chargingLoss, energyPerSession } from './charging';

describe('charging loss', () => {
  it('is the energy from the grid that did not reach the battery, and its share', () => {
    const loss = chargingLoss({ kwhFromGrid: 44, kwhInHvb: 40 });
    expect(loss?.kwh).toBeCloseTo(4);
    expect(loss?.percent).toBeCloseTo(9.09, 2);
  });

  it('is unknown when a figure came as no number, and the session still charts what is a number', () => {
    expect(chargingLoss({ kwhFromGrid: 'n/a', kwhInHvb: 40 })).toBeNull();
    expect(energyPerSession([{ id: 'c1', kwhFromGrid: 44, kwhInHvb: 'n/a' }])).toEqual([
      { id: 'c1', startedAt: null, fromGridKwh: 44, intoBatteryKwh: null, lossKwh: null },
    ]);
  });

  it('is unknown when a figure is missing or nothing was drawn from the grid', () => {
    expect(chargingLoss({ kwhFromGrid: null, kwhInHvb: 40 })).toBeNull();
    expect(chargingLoss({ kwhFromGrid: 40 })).toBeNull();
    expect(chargingLoss({ kwhFromGrid: 0, kwhInHvb: 0 })).toBeNull();
  });

  it('keeps a negative loss as reported rather than hiding a data problem', () => {
    expect(chargingLoss({ kwhFromGrid: 10, kwhInHvb: 11 })?.kwh).toBeCloseTo(-1);
  });
});

describe('charging duration', () => {
  it('prefers the timestamps and falls back to chargeDuration in seconds', () => {
    expect(chargingDurationMinutes({ startedAt: '2026-03-01T10:00:00Z', endedAt: '2026-03-01T11:30:00Z', chargeDuration: 1 })).toBe(90);
    expect(chargingDurationMinutes({ startedAt: '2026-03-01T10:00:00Z', endedAt: null, chargeDuration: 2700 })).toBe(45);
    expect(chargingDurationMinutes({})).toBeNull();
  });
});

describe('energy per session', () => {
  it('orders sessions oldest first with grid, battery and loss', () => {
    const rows = energyPerSession([
      { id: 'b', startedAt: '2026-03-02T10:00:00Z', kwhFromGrid: 22, kwhInHvb: 20 },
      { id: 'a', startedAt: '2026-03-01T10:00:00Z', kwhFromGrid: null, kwhInHvb: 30 },
    ]);
    expect(rows.map((r) => r.id)).toEqual(['a', 'b']);
    expect(rows[0]).toEqual({ id: 'a', startedAt: '2026-03-01T10:00:00Z', fromGridKwh: null, intoBatteryKwh: 30, lossKwh: null });
    expect(rows[1].lossKwh).toBeCloseTo(2);
  });
});
