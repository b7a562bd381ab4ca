import { pointsText, type MapPoint, type SMALL_MAP_HEIGHTS } from './points';

/** The address of a small map's picture (app/api/o/[org]/map/picture): the points, its height and the page's look. */
export function smallMapPictureUrl(
  org: string,
  points: readonly MapPoint[],
  height: (typeof SMALL_MAP_HEIGHTS)[number],
  theme: 'light' | 'dark',
): string {
  const query = new URLSearchParams({ points: pointsText(points), height, theme });
  return `/api/o/${encodeURIComponent(org)}/map/picture?${query}`;
}

/** The address of the fleet map's picture (app/api/o/[org]/map/fleet-picture): the page's look and the positions' reading time. */
export function fleetMapPictureUrl(org: string, theme: 'light' | 'dark', asOf: string | null): string {
  const query = new URLSearchParams({ theme, ...(asOf ? { asOf } : {}) });
  return `/api/o/${encodeURIComponent(org)}/map/fleet-picture?${query}`;
}
