import { describe, expect, it } from 'vitest';
import { textWidth, visibleLabels } from './labels';

const centers = (count: number, step: number, from = 0) => Array.from({ length: count }, (_, i) => from + (i + 0.5) * step);

describe('visibleLabels', () => {
  it('shows every label when they fit', () => {
    const shown = visibleLabels(centers(4, 100), [40, 40, 40, 40], { from: 0, to: 400 });
    expect(shown).toEqual([
      { index: 0, x: 50 },
      { index: 1, x: 150 },
      { index: 2, x: 250 },
      { index: 3, x: 350 },
    ]);
  });

  it('shows every n-th label, from the first, when they would overlap', () => {
    // 30 days over 300 px: 10 px each, labels 42 px wide with 8 px between; the first label,
    // moved inwards to 21 px, needs the next one at 71 px or more: every 7th.
    const shown = visibleLabels(centers(30, 10), Array(30).fill(42), { from: 0, to: 300, gap: 8 });
    expect(shown.map((l) => l.index)).toEqual([0, 7, 14, 21, 28]);
    shown.forEach((l, i) => i && expect(l.x - 21).toBeGreaterThanOrEqual(shown[i - 1].x + 21 + 8));
  });

  it('moves a label at the edge inside the box instead of cutting it', () => {
    const shown = visibleLabels([5, 295], [42, 42], { from: 0, to: 300 });
    expect(shown).toEqual([
      { index: 0, x: 21 },
      { index: 1, x: 279 },
    ]);
  });

  it('thins labels pushed together at the edges', () => {
    const shown = visibleLabels([5, 50, 95], [42, 42, 42], { from: 0, to: 100 });
    expect(shown.map((l) => l.index)).toEqual([0, 2]);
  });

  it('shows nothing when one label is wider than the box, and nothing for no labels', () => {
    expect(visibleLabels([50], [120], { from: 0, to: 100 })).toEqual([]);
    expect(visibleLabels([], [], { from: 0, to: 100 })).toEqual([]);
  });
});

describe('textWidth', () => {
  it('estimates 0.6 em per character', () => {
    expect(textWidth('Nov 30')).toBeCloseTo(43.2);
    expect(textWidth('Nov 30', 10)).toBeCloseTo(36);
  });
});
