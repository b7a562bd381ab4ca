/** SVG path data of the chart kit's marks, in pixels, rounded to hundredths to keep the markup short. */

export type Point = { x: number; y: number };
export type BandPoint = { x: number; low: number; high: number };

const r = (value: number) => Math.round(value * 100) / 100;

/**
 * A line through the points, broken where a point is missing (no reading is no line). A point
 * alone between gaps is a zero-length segment, which a round line cap draws as a dot.
 */
export function linePath(points: readonly (Point | null)[]): string {
  let d = '';
  let previous: Point | null = null;
  points.forEach((point, i) => {
    if (!point) {
      previous = null;
      return;
    }
    const next = points[i + 1];
    if (previous) d += `L${r(point.x)},${r(point.y)}`;
    else d += `M${r(point.x)},${r(point.y)}${next ? '' : `L${r(point.x)},${r(point.y)}`}`;
    previous = point;
  });
  return d;
}

/** The area between `low` and `high` (pixels) for each run of two or more points; a gap ends a run. */
export function bandPath(points: readonly (BandPoint | null)[]): string {
  const runs: BandPoint[][] = [[]];
  for (const point of points) {
    if (point) runs[runs.length - 1].push(point);
    else if (runs[runs.length - 1].length) runs.push([]);
  }
  return runs
    .filter((run) => run.length > 1)
    .map((run) => {
      const top = run.map((p, i) => `${i ? 'L' : 'M'}${r(p.x)},${r(p.high)}`).join('');
      const bottom = [...run]
        .reverse()
        .map((p) => `L${r(p.x)},${r(p.low)}`)
        .join('');
      return `${top}${bottom}Z`;
    })
    .join('');
}

/**
 * A bar from the baseline `base` to `end` (pixels, y down), `width` wide from `x`, its two corners
 * at the value's end rounded by `radius` (no more than half the width or the bar's length).
 */
export function barPath(x: number, width: number, base: number, end: number, radius: number): string {
  const length = Math.abs(base - end);
  const c = Math.max(0, Math.min(radius, width / 2, length));
  const up = end < base;
  // Coming from the baseline, the corner starts `c` before the end.
  const before = up ? end + c : end - c;
  const sweep = up ? 1 : 0;
  if (c === 0) return `M${r(x)},${r(base)}V${r(end)}H${r(x + width)}V${r(base)}Z`;
  return (
    `M${r(x)},${r(base)}V${r(before)}A${r(c)} ${r(c)} 0 0 ${sweep} ${r(x + c)},${r(end)}` +
    `H${r(x + width - c)}A${r(c)} ${r(c)} 0 0 ${sweep} ${r(x + width)},${r(before)}V${r(base)}Z`
  );
}
