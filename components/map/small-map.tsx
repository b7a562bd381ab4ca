'use client';

import dynamic from 'next/dynamic';
import { Skeleton } from '@/components/ui/skeleton';

export type MapPoint = { latitude: number; longitude: number; kind: 'vehicle' | 'start' | 'end' };

// MapLibre is large: it loads only where a small map is on screen, and only in the browser.
const PointsMapCanvas = dynamic(() => import('./points-map-canvas').then((m) => m.PointsMapCanvas), {
  ssr: false,
  loading: () => <Skeleton className="h-full w-full" />,
});

/** A small, non-interactive map of a vehicle's position or a journey's ends; the figures stay in text beside it. */
export function SmallMap({ points, label, className = 'h-40' }: { points: MapPoint[]; label: string; className?: string }) {
  if (points.length === 0) return null;
  return (
    <div className={`${className} w-full overflow-hidden rounded-md border border-zinc-200 dark:border-zinc-800`}>
      <PointsMapCanvas points={points} label={label} />
    </div>
  );
}
