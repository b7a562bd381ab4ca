'use client';

import { Map as MapIcon } from 'lucide-react';
import { useTheme } from 'next-themes';
import { useLoadedPicture } from '@/lib/hooks/use-loaded-picture';
import { fleetMapPictureUrl } from '@/lib/map/picture';
import type { FleetPositions } from '@/lib/vehicles/types';

/** The newest position's time: a new reading makes a new picture address, the same positions the cached picture. */
const newestPosition = (positions: FleetPositions) =>
  positions.vehicles.reduce<string | null>(
    (newest, v) => (v.locationAt && (!newest || v.locationAt > newest) ? v.locationAt : newest),
    null,
  );

/**
 * The fleet map as a picture the server draws (no map library on the page's first load): the whole
 * picture is the button that turns it into the map to explore. The map's code starts loading as a
 * pointer comes over it, so the switch is quick.
 */
export function FleetMapPicture({
  org,
  positions,
  onExplore,
  onPrepare,
}: {
  org: string;
  positions: FleetPositions;
  onExplore: () => void;
  onPrepare: () => void;
}) {
  const { resolvedTheme } = useTheme();
  const src = resolvedTheme ? fleetMapPictureUrl(org, resolvedTheme === 'dark' ? 'dark' : 'light', newestPosition(positions)) : null;
  const { pictureRef, ready, onLoad } = useLoadedPicture(src);
  return (
    <button
      type="button"
      onClick={onExplore}
      onPointerEnter={onPrepare}
      onFocus={onPrepare}
      className="group relative block h-[60vh] min-h-80 w-full cursor-pointer overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- an SVG the API draws: nothing for the image optimiser to do
        <img
          ref={pictureRef}
          src={src}
          alt="Last known positions of the fleet's vehicles"
          className="h-full w-full object-cover"
          data-testid="fleet-map-picture"
          data-ready={ready ? 'true' : undefined}
          onLoad={onLoad}
        />
      ) : null}
      <span className="absolute right-3 bottom-3 inline-flex items-center gap-1.5 rounded-md bg-white/95 px-3 py-1.5 text-sm font-medium shadow-sm group-hover:bg-white dark:bg-zinc-900/95 dark:group-hover:bg-zinc-900">
        <MapIcon aria-hidden className="h-4 w-4" />
        Explore the map
      </span>
    </button>
  );
}
