import { describe, expect, it } from 'vitest';
import { bandLayout, barSlots, linearScale, niceTicks } from './scale';

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten and covers the data', () => {
    expect(niceTicks(0, 87, { count: 5 })).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(0, 87, { count: 4 })).toEqual([0, 50, 100]);
    expect(niceTicks(12, 48, { count: 4 })).toEqual([10, 20, 30, 40, 50]);
    expect(niceTicks(0, 1, { count: 5 })).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('includes zero for bars', () => {
    expect(niceTicks(12, 48, { count: 4, zero: true })).toEqual([0, 20, 40, 60]);
    expect(niceTicks(-3, -1, { count: 4, zero: true })).toEqual([-3, -2, -1, 0]);
  });

  it('keeps decimals exact (0.3, not 0.30000000000000004)', () => {
    expect(niceTicks(0.1, 0.35, { count: 5 })).toEqual([0.1, 0.15, 0.2, 0.25, 0.3, 0.35]);
    expect(niceTicks(0, 0.3, { count: 3 })).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('draws an all-zero bar chart from 0 to 1, and widens a single value', () => {
    expect(niceTicks(0, 0, { zero: true })).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(niceTicks(0, 0, { zero: true, integers: true })).toEqual([0, 1]);
    // 240 ± 24, in steps of 20.
    expect(niceTicks(240, 240, { count: 4 })).toEqual([200, 220, 240, 260, 280]);
    expect(niceTicks(0, 0, { count: 4 })).toEqual([-1, -0.5, 0, 0.5, 1]);
  });

  it('gives whole numbers when asked (counts of journeys)', () => {
    expect(niceTicks(0, 3, { count: 5, zero: true, integers: true })).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 0.4, { count: 5, zero: true, integers: true })).toEqual([0, 1]);
  });

  it('accepts the range in either order', () => {
    expect(niceTicks(87, 0, { count: 5 })).toEqual(niceTicks(0, 87, { count: 5 }));
  });
});

describe('linearScale', () => {
  it('maps the domain onto the range, reversed for a y axis', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(50)).toBe(100);
    expect(y(100)).toBe(0);
  });

  it('puts everything at the range start for an empty domain', () => {
    expect(linearScale([5, 5], [10, 20])(5)).toBe(10);
  });
});

describe('bandLayout', () => {
  it('splits the width in equal categories and finds the one under a pixel', () => {
    const bands = bandLayout(4, 40, 240);
    expect(bands.step).toBe(50);
    expect(bands.start(1)).toBe(90);
    expect(bands.center(3)).toBe(215);
    expect(bands.indexAt(39)).toBeNull();
    expect(bands.indexAt(40)).toBe(0);
    expect(bands.indexAt(139.9)).toBe(1);
    expect(bands.indexAt(239.9)).toBe(3);
    expect(bands.indexAt(240)).toBeNull();
  });

  it('has no category under any pixel when there are none', () => {
    expect(bandLayout(0, 0, 100).indexAt(50)).toBeNull();
  });
});

describe('barSlots', () => {
  it('leaves a tenth on each side and 4 px between bars', () => {
    const slots = barSlots(50, 2);
    expect(slots.width).toBe(18);
    expect(slots.offsets).toEqual([5, 27]);
  });

  it('narrows the gap in narrow categories and caps wide bars, centred', () => {
    const narrow = barSlots(10, 2);
    expect(narrow.offsets[1] - narrow.offsets[0] - narrow.width).toBeCloseTo(1.6);
    const wide = barSlots(400, 1);
    expect(wide).toEqual({ width: 48, offsets: [176] });
  });

  it('has no slots without series or room', () => {
    expect(barSlots(0, 2).offsets).toEqual([]);
    expect(barSlots(40, 0).offsets).toEqual([]);
  });
});
