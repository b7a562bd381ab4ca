import type { StyleSpecification } from 'maplibre-gl';
import { feature } from 'topojson-client';
import countries110m from 'world-atlas/countries-110m.json';

/** Country outlines packaged with the console (Natural Earth 1:110m): a map with no tile server. */
export function offlineStyle(dark: boolean): StyleSpecification {
  const topology = countries110m as unknown as Parameters<typeof feature>[0];
  return {
    version: 8,
    sources: { countries: { type: 'geojson', data: feature(topology, topology.objects.countries) } },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': dark ? '#0c1a2b' : '#dbe7f3' } },
      { id: 'land', type: 'fill', source: 'countries', paint: { 'fill-color': dark ? '#27272a' : '#f4f4f5' } },
      { id: 'borders', type: 'line', source: 'countries', paint: { 'line-color': dark ? '#52525b' : '#a1a1aa', 'line-width': 0.6 } },
    ],
  };
}
