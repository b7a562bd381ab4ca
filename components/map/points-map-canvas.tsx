'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import { LngLatBounds, Map as MapLibreMap, setWorkerUrl } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import type { MapPoint } from './small-map';
import { offlineStyle } from './offline-style';

const COLOURS: Record<MapPoint['kind'], string> = { vehicle: '#2563eb', start: '#16a34a', end: '#dc2626' };

/** A few points on the packaged country outlines: no tile server, no network beyond the console. */
export function PointsMapCanvas({ points, label }: { points: MapPoint[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const key = JSON.stringify(points);
  useEffect(() => {
    if (!container.current) return;
    const data: GeoJSON.FeatureCollection<GeoJSON.Point> = {
      type: 'FeatureCollection',
      features: points.map((p) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [p.longitude, p.latitude] },
        properties: { colour: COLOURS[p.kind] },
      })),
    };
    setWorkerUrl('/map-worker');
    const map = new MapLibreMap({
      container: container.current,
      style: offlineStyle(document.documentElement.classList.contains('dark')),
      center: points.length ? [points[0].longitude, points[0].latitude] : [10, 50],
      zoom: 5,
      interactive: false,
      attributionControl: false,
    });
    map.on('load', () => {
      map.addSource('points', { type: 'geojson', data });
      map.addLayer({
        id: 'points',
        type: 'circle',
        source: 'points',
        paint: { 'circle-color': ['get', 'colour'], 'circle-radius': 6, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
      });
      if (points.length > 1) {
        const bounds = new LngLatBounds();
        for (const p of points) bounds.extend([p.longitude, p.latitude]);
        map.fitBounds(bounds, { padding: 24, maxZoom: 7, duration: 0 });
      }
      container.current?.setAttribute('data-ready', 'true');
    });
    return () => map.remove();
    // The points by value: a refetch with the same figures keeps the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return <div ref={container} role="img" aria-label={label} className="h-full w-full" data-testid="small-map" />;
}
