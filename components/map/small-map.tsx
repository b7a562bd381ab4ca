'use client';

import { useParams } from 'next/navigation';
import { useTheme } from 'next-themes';
import { useInBrowser } from '@/lib/hooks/use-in-browser';
import { useLoadedPicture } from '@/lib/hooks/use-loaded-picture';
import { smallMapPictureUrl } from '@/lib/map/picture';
import { isDrawable, MAX_MAP_POINTS, type MapPoint, type SMALL_MAP_HEIGHTS } from '@/lib/map/points';

export type { MapPoint };

const BOX: Record<(typeof SMALL_MAP_HEIGHTS)[number], string> = { '160': 'h-40', '224': 'h-56' };

/**
 * A small, non-interactive map of a vehicle's position or a journey's ends, as a picture the server
 * draws (no map library in the page); the figures stay in text beside it.
 */
export function SmallMap({
  points,
  label,
  height = '160',
}: {
  points: MapPoint[];
  label: string;
  height?: (typeof SMALL_MAP_HEIGHTS)[number];
}) {
  const { org } = useParams<{ org: string }>();
  const { resolvedTheme } = useTheme();
  const inBrowser = useInBrowser();
  const drawn = points.filter(isDrawable).slice(0, MAX_MAP_POINTS);
  const src = inBrowser && drawn.length > 0 ? smallMapPictureUrl(org, drawn, height, resolvedTheme === 'dark' ? 'dark' : 'light') : null;
  const { pictureRef, ready, onLoad } = useLoadedPicture(src);
  if (drawn.length === 0) return null;
  return (
    <div
      className={`${BOX[height]} w-full overflow-hidden rounded-md border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900`}
    >
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- an SVG the API draws: nothing for the image optimiser to do
        <img
          ref={pictureRef}
          src={src}
          alt={label}
          className="h-full w-full object-cover"
          data-testid="small-map"
          data-ready={ready ? 'true' : undefined}
          onLoad={onLoad}
        />
      ) : null}
    </div>
  );
}
