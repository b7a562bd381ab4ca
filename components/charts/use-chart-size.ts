'use client';

import { useCallback, useState, type RefCallback } from 'react';

export interface ChartSize {
  /** The callback ref of the box the chart fills: it is measured while mounted. */
  measure: RefCallback<HTMLDivElement>;
  width: number;
  height: number;
}

/**
 * The size of the box a chart fills, followed with a ResizeObserver (0 until measured, so nothing
 * is drawn at a wrong size). A width or height given is used as is: for tests and server renders.
 */
export function useChartSize(width?: number, height?: number): ChartSize {
  const [measured, setMeasured] = useState({ width: 0, height: 0 });
  const measure = useCallback<RefCallback<HTMLDivElement>>((node) => {
    if (!node) return;
    const observer = new ResizeObserver(([entry]) => {
      const next = { width: Math.floor(entry.contentRect.width), height: Math.floor(entry.contentRect.height) };
      setMeasured((previous) => (previous.width === next.width && previous.height === next.height ? previous : next));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { measure, width: width ?? measured.width, height: height ?? measured.height };
}
