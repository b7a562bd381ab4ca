/**
 * Which axis labels a chart can show without overlap, from an estimate of their width: the charts
 * draw before the browser could measure their text, and an estimate on the wide side only thins a
 * little more.
 */

/** The width of a line of text in the console's sans-serif: an average glyph is under 0.6 em. */
export const textWidth = (text: string, fontSize = 12) => text.length * fontSize * 0.6;

export interface PlacedLabel {
  index: number;
  /** The label's centre, moved inside the box when its category sits near an edge. */
  x: number;
}

/**
 * Every n-th label, from the first, with the smallest n for which no two shown labels come closer
 * than `gap` and none leaves [from, to]: labels near an edge are moved inwards rather than cut.
 * Nothing when a single label is wider than the box.
 */
export function visibleLabels(
  centers: readonly number[],
  widths: readonly number[],
  { from, to, gap = 8 }: { from: number; to: number; gap?: number },
): PlacedLabel[] {
  type Box = PlacedLabel & { left: number; right: number };
  const placed = (index: number): Box => {
    const half = widths[index] / 2;
    const x = Math.min(Math.max(centers[index], from + half), to - half);
    return { index, x, left: x - half, right: x + half };
  };
  for (let stride = 1; stride <= centers.length; stride++) {
    const shown: Box[] = [];
    for (let index = 0; index < centers.length; index += stride) shown.push(placed(index));
    const fits = shown.every((label, i) => label.right - label.left <= to - from && (i === 0 || label.left >= shown[i - 1].right + gap));
    if (fits) return shown.map(({ index, x }) => ({ index, x }));
  }
  return [];
}
