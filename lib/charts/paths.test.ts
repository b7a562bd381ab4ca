import { describe, expect, it } from 'vitest';
import { bandPath, barPath, linePath } from './paths';

describe('linePath', () => {
  it('draws one segment per run of points and breaks at a gap', () => {
    expect(linePath([{ x: 0, y: 10 }, { x: 10, y: 20 }, null, { x: 30, y: 5 }, { x: 40, y: 6.666 }])).toBe('M0,10L10,20M30,5L40,6.67');
  });

  it('draws a point alone as a zero-length segment (a dot with round caps)', () => {
    expect(linePath([null, { x: 10, y: 20 }, null])).toBe('M10,20L10,20');
    expect(linePath([{ x: 10, y: 20 }])).toBe('M10,20L10,20');
  });

  it('is empty without points', () => {
    expect(linePath([])).toBe('');
    expect(linePath([null, null])).toBe('');
  });
});

describe('bandPath', () => {
  it('closes the area between high and low for each run of two or more points', () => {
    expect(
      bandPath([
        { x: 0, low: 20, high: 10 },
        { x: 10, low: 25, high: 15 },
        null,
        { x: 30, low: 5, high: 1 },
        null,
        { x: 50, low: 5, high: 1 },
        { x: 60, low: 6, high: 2 },
      ]),
    ).toBe('M0,10L10,15L10,25L0,20ZM50,1L60,2L60,6L50,5Z');
  });

  it('is empty without a run of two points', () => {
    expect(bandPath([{ x: 0, low: 1, high: 0 }, null])).toBe('');
  });
});

describe('barPath', () => {
  it('rounds the two corners at the top of a bar that grows upwards', () => {
    expect(barPath(10, 20, 100, 40, 3)).toBe('M10,100V43A3 3 0 0 1 13,40H27A3 3 0 0 1 30,43V100Z');
  });

  it('rounds the corners at the bottom of a bar that grows downwards', () => {
    expect(barPath(10, 20, 100, 160, 3)).toBe('M10,100V157A3 3 0 0 0 13,160H27A3 3 0 0 0 30,157V100Z');
  });

  it('rounds no more than half the width or the length of the bar', () => {
    expect(barPath(0, 4, 100, 99, 3)).toBe('M0,100V100A1 1 0 0 1 1,99H3A1 1 0 0 1 4,100V100Z');
    expect(barPath(0, 2, 100, 50, 3)).toBe('M0,100V51A1 1 0 0 1 1,50H1A1 1 0 0 1 2,51V100Z');
  });

  it('is a plain rectangle without a radius', () => {
    expect(barPath(0, 10, 50, 20, 0)).toBe('M0,50V20H10V50Z');
  });
});
