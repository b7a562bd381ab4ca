import 'server-only';
import { makeLabel } from '@/lib/contract/makes';
import { paginate, type VehicleApi } from '@/lib/vehicle-api';
import { setBounded } from '@/lib/bounded-map';

export type FleetSummary = {
  accounts: number;
  vehicles: number;
  byBrand: { brand: string; count: number }[];
  listening: { on: number; off: number };
  upstreamCalls: number;
  computedAt: string;
};

const TTL_MS = 30_000;
export const MAX_SUMMARIES = 1_000;
const CACHE_KEY = Symbol.for('motorpool.fleetSummaries');
type Entry = { at: number; value: Promise<FleetSummary> };

function cache(): Map<string, Entry> {
  const store = globalThis as typeof globalThis & { [CACHE_KEY]?: Map<string, Entry> };
  return (store[CACHE_KEY] ??= new Map());
}

/**
 * Counts for the overview from the largest pages the upstream allows (one call per 100 vehicles,
 * never one per vehicle), remembered for 30 seconds per organization and shared by concurrent
 * viewers. Process-local on purpose: it is a cache, not state.
 */
export function fleetSummary(orgId: string, api: VehicleApi, now = Date.now()): Promise<FleetSummary> {
  const hit = cache().get(orgId);
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const value = computeSummary(api).catch((error) => {
    cache().delete(orgId);
    throw error;
  });
  setBounded(cache(), orgId, { at: now, value }, MAX_SUMMARIES);
  return value;
}

async function computeSummary(api: VehicleApi): Promise<FleetSummary> {
  const accountsPage = await api.listAccounts({ maxPageSize: 1 });
  let upstreamCalls = 1;
  const brands = new Map<string, number>();
  const listening = { on: 0, off: 0 };
  let vehicles = 0;
  // An expired page token starts the walk again: count from zero rather than twice.
  const restart = () => {
    brands.clear();
    listening.on = listening.off = vehicles = 0;
  };
  for await (const page of paginate(api.listVehicles, { maxPageSize: 100 }, { onRestart: restart })) {
    upstreamCalls += 1;
    for (const vehicle of page.data.results) {
      vehicles += 1;
      const brand = typeof vehicle.make === 'string' && vehicle.make ? makeLabel(vehicle.make) : 'Unknown';
      brands.set(brand, (brands.get(brand) ?? 0) + 1);
      if (vehicle.isListening === false) listening.off += 1;
      else listening.on += 1;
    }
  }
  return {
    accounts: accountsPage.data.totalResults ?? accountsPage.data.results.length,
    vehicles,
    byBrand: [...brands].map(([brand, count]) => ({ brand, count })).sort((a, b) => b.count - a.count || a.brand.localeCompare(b.brand)),
    listening,
    upstreamCalls,
    computedAt: new Date().toISOString(),
  };
}
