'use client';

import 'maplibre-gl/dist/maplibre-gl.css';
import { LngLatBounds, Map as MapLibreMap, NavigationControl, setWorkerUrl, type GeoJSONSource } from 'maplibre-gl';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { FLEET_DOT_COLOURS, fleetDotState } from '@/lib/map/points';
import type { FleetPositions } from '@/lib/vehicles/types';
import { offlineStyle } from './offline-style';

function vehicleFeatures(positions: FleetPositions): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: positions.vehicles.flatMap((v) =>
      v.latitude === null || v.longitude === null
        ? []
        : [
            {
              type: 'Feature' as const,
              geometry: { type: 'Point' as const, coordinates: [v.longitude, v.latitude] },
              properties: { id: v.id, fill: FLEET_DOT_COLOURS[fleetDotState(v)] },
            },
          ],
    ),
  };
}

/** The fleet on a MapLibre map, clustered by MapLibre's own supercluster; a cluster click zooms in, a pin opens its vehicle. */
export function FleetMapCanvas({ org, positions, styleUrl }: { org: string; positions: FleetPositions; styleUrl: string | null }) {
  const container = useRef<HTMLDivElement>(null);
  const router = useRouter();
  useEffect(() => {
    if (!container.current) return;
    const dark = document.documentElement.classList.contains('dark');
    const data = vehicleFeatures(positions);
    // Served by app/map-worker/route.ts.
    setWorkerUrl('/map-worker');
    const map = new MapLibreMap({
      container: container.current,
      style: styleUrl ?? offlineStyle(dark),
      center: [10, 50],
      zoom: 3,
      attributionControl: styleUrl ? undefined : false,
    });
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    map.on('load', () => {
      map.addSource('vehicles', { type: 'geojson', data, cluster: true, clusterRadius: 40, clusterMaxZoom: 12 });
      map.addLayer({
        id: 'clusters',
        type: 'circle',
        source: 'vehicles',
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': '#2563eb',
          'circle-opacity': 0.85,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
          'circle-radius': ['step', ['get', 'point_count'], 12, 10, 16, 50, 22],
        },
      });
      map.addLayer({
        id: 'vehicles',
        type: 'circle',
        source: 'vehicles',
        filter: ['!', ['has', 'point_count']],
        paint: {
          'circle-color': ['get', 'fill'],
          'circle-radius': 7,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
        },
      });
      if (data.features.length > 0) {
        const bounds = new LngLatBounds();
        for (const f of data.features) bounds.extend(f.geometry.coordinates as [number, number]);
        map.fitBounds(bounds, { padding: 40, maxZoom: 10, duration: 0 });
      }
      container.current?.setAttribute('data-ready', 'true');
      // Opened from the picture's button: the keyboard goes on to the map (arrow keys pan, + and - zoom).
      map.getCanvas().focus();
    });
    map.on('click', 'clusters', async (event) => {
      const cluster = event.features?.[0];
      if (!cluster || cluster.geometry.type !== 'Point') return;
      const zoom = await (map.getSource('vehicles') as GeoJSONSource).getClusterExpansionZoom(cluster.properties.cluster_id as number);
      map.easeTo({ center: cluster.geometry.coordinates as [number, number], zoom });
    });
    map.on('click', 'vehicles', (event) => {
      const id = event.features?.[0]?.properties.id;
      if (typeof id === 'string') router.push(`/o/${org}/vehicles/${encodeURIComponent(id)}`);
    });
    for (const layer of ['clusters', 'vehicles']) {
      map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
      map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
    }
    return () => map.remove();
  }, [org, positions, styleUrl, router]);
  return (
    <div
      ref={container}
      className="h-[60vh] min-h-80 w-full overflow-hidden rounded-xl border border-zinc-200 dark:border-zinc-800"
      data-testid="fleet-map"
    />
  );
}
