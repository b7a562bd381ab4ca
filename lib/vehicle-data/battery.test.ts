import { describe, expect, it } from 'vitest';
import { batteryHealth, compareRange } from './battery';

describe('batteryHealth', () => {
  it('keeps the vendor percentage and works out the capacity lost', () => {
    expect(batteryHealth({ stateOfHealth: 93.4, batteryCapacity: { nominal: 77, real: 71.9 } })).toEqual({
      percent: 93.4,
      nominalKwh: 77,
      realKwh: 71.9,
      lostKwh: expect.closeTo(5.1, 5),
    });
  });

  it('derives the percentage from the capacities when the vendor sent none', () => {
    expect(batteryHealth({ batteryCapacity: { nominal: 80, real: 72 } }).percent).toBe(90);
  });

  it('keeps a figure that is no number as sent, and works out nothing from it', () => {
    const health = batteryHealth({ stateOfHealth: 'n/a', batteryCapacity: { nominal: '77 kWh', real: 70 } });
    expect(health.percent).toBe('n/a');
    expect(health.nominalKwh).toBe('77 kWh');
    expect(health.lostKwh).toBeNull();
  });

  it('never reports a negative loss (a real capacity above nominal)', () => {
    expect(batteryHealth({ batteryCapacity: { nominal: 60, real: 61 } }).lostKwh).toBe(0);
  });

  it('has no percentage without data', () => {
    expect(batteryHealth({}).percent).toBeNull();
  });
});

describe('compareRange', () => {
  it('compares real, warm and cold range with WLTP', () => {
    const result = compareRange({ real: 400, realWarmerRange: 440, realColderRange: 300, nominal: { WLTP: 500 } });
    expect(result.cycle).toBe('WLTP');
    expect(result.rows.map((r) => [r.key, r.percentOfNominal])).toEqual([
      ['real', 80],
      ['warm', 88],
      ['cold', 60],
    ]);
  });

  it('prefers WLTP over EPA over NEDC, and lists every rated figure', () => {
    const result = compareRange({ real: 300, nominal: { NEDC: 600, EPA: 400, WLTP: 500 } });
    expect(result.cycle).toBe('WLTP');
    expect(result.nominals.map((n) => n.cycle)).toEqual(['WLTP', 'EPA', 'NEDC']);
  });

  it('falls back to the next cycle when the first is no number', () => {
    const result = compareRange({ real: 300, nominal: { WLTP: 'unknown', EPA: 400 } });
    expect(result.cycle).toBe('EPA');
    expect(result.rows[0].percentOfNominal).toBe(75);
  });

  it('compares nothing without a rated figure, and keeps raw figures', () => {
    const result = compareRange({ real: '412 km', nominal: null });
    expect(result.cycle).toBeNull();
    expect(result.rows[0]).toEqual({ key: 'real', label: 'Real range', value: '412 km', percentOfNominal: null });
  });
});
