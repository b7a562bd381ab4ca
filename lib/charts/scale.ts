/**
 * The layout maths of the chart kit (components/charts): value scales, nice ticks and category
 * bands, in data units and pixels. Pure, so each rule is tested by value.
 */

export interface TickOptions {
  /** How many intervals at most between the ticks (so at most count + 1 ticks); at least 2. */
  count?: number;
  /** Stretch the range to include zero (bars grow from zero). */
  zero?: boolean;
  /** Ticks on whole numbers only (counts: journeys, sessions). */
  integers?: boolean;
}

const MULTIPLES = [1, 2, 5] as const;

/** n steps of m·10^e, divided rather than multiplied below 1 so 0.1 · 3 is 0.3, not 0.30000000000000004. */
const multiple = (n: number, m: number, e: number) => (e >= 0 ? n * m * 10 ** e : (n * m) / 10 ** -e);

/**
 * Round ticks that cover [min, max], like d3's nice domain and ticks: steps of 1, 2 or 5 times a
 * power of ten, the smallest step that needs at most `count` intervals. The first and last tick
 * are the axis' domain. A range of one value is widened (an all-zero bar chart reads 0 to 1); a
 * range too wide for round steps in doubles falls back to its two ends.
 */
export function niceTicks(min: number, max: number, { count = 5, zero = false, integers = false }: TickOptions = {}): number[] {
  let lo = Math.min(min, max);
  let hi = Math.max(min, max);
  if (zero) {
    lo = Math.min(lo, 0);
    hi = Math.max(hi, 0);
  }
  if (lo === hi) {
    if (lo === 0 && zero) hi = 1;
    else {
      const pad = Math.abs(lo) / 10 || 1;
      lo = Math.max(lo - pad, -Number.MAX_VALUE);
      hi = Math.min(hi + pad, Number.MAX_VALUE);
    }
  }
  const intervals = Math.max(2, Math.floor(count) || 2);
  const span = hi - lo;
  if (!Number.isFinite(span)) return [lo, hi];
  let e = Math.floor(Math.log10(span / intervals));
  if (integers) e = Math.max(e, 0);
  for (let decade = 0; decade < 12; decade++, e++) {
    for (const m of MULTIPLES) {
      const at = (n: number) => multiple(n, m, e);
      let first = Math.floor(lo / at(1));
      let last = Math.ceil(hi / at(1));
      // Division rounds: step out until the ends really cover the range (a few steps at most).
      for (let i = 0; i < 3 && at(first) > lo; i++) first--;
      for (let i = 0; i < 3 && at(last) < hi; i++) last++;
      if (!(last - first <= intervals) || !(at(first) <= lo) || !(at(last) >= hi)) continue;
      const ticks = Array.from({ length: last - first + 1 }, (_, i) => at(first + i));
      if (ticks.every((t, i) => Number.isFinite(t) && (i === 0 || t > ticks[i - 1]))) return ticks;
    }
  }
  return [lo, hi];
}

/** Data to pixels: `domain` onto `range` (reversed ranges for a y axis that grows upwards). */
export function linearScale([d0, d1]: readonly [number, number], [r0, r1]: readonly [number, number]): (value: number) => number {
  const span = d1 - d0;
  if (span === 0 || !Number.isFinite(span)) return () => r0;
  return (value) => r0 + ((value - d0) / span) * (r1 - r0);
}

export interface BandLayout {
  /** Width of one category. */
  step: number;
  start: (index: number) => number;
  center: (index: number) => number;
  /** The category under a pixel, or null outside the bands. */
  indexAt: (x: number) => number | null;
}

/** `count` categories side by side over [from, to], each as wide as the others. */
export function bandLayout(count: number, from: number, to: number): BandLayout {
  const step = count > 0 ? Math.max(0, to - from) / count : 0;
  return {
    step,
    start: (index) => from + index * step,
    center: (index) => from + (index + 0.5) * step,
    indexAt: (x) => {
      if (step === 0 || x < from || x >= to) return null;
      return Math.min(count - 1, Math.floor((x - from) / step));
    },
  };
}

export interface BarSlots {
  width: number;
  /** Each series' bar's left edge, from the start of its category. */
  offsets: number[];
}

/**
 * Where the bars of one category go: side by side, a tenth of the category kept empty on each
 * side (so neighbouring days stay apart) and up to `gap` pixels between bars, none wider than
 * `maxWidth`; the group is centred in its category.
 */
export function barSlots(step: number, series: number, { gap = 4, maxWidth = 48 }: { gap?: number; maxWidth?: number } = {}): BarSlots {
  if (series < 1 || step <= 0) return { width: 0, offsets: [] };
  const inner = step * 0.8;
  const between = series > 1 ? Math.min(gap, (inner * 0.2) / (series - 1)) : 0;
  const width = Math.min(maxWidth, (inner - between * (series - 1)) / series);
  const group = width * series + between * (series - 1);
  const left = (step - group) / 2;
  return { width, offsets: Array.from({ length: series }, (_, i) => left + i * (width + between)) };
}
