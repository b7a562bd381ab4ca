import 'server-only';
import type { Db } from '@/lib/db';
import { createOrganization } from '@/lib/db/repos/organizations';
import { createSandbox } from '@/lib/sandbox';
import { refreshSnapshots } from '@/lib/snapshot/server/refresh-snapshots';
import { createVehicleApi, paginate, type FetchLike, type VehicleApi } from '@/lib/vehicle-api';
import { DEFAULT_HISTORY_POLICY, DAY_MS, type HistoryPolicy } from './gather-history';

export const HOUR = 60 * 60_000;

export const TEST_POLICY: HistoryPolicy = {
  ...DEFAULT_HISTORY_POLICY,
  intervalMs: 24 * HOUR,
  budgetShare: 0.05,
  backfillMs: 90 * DAY_MS,
  retentionMonths: 13,
};

/** One upstream call the history asked, as the HTTP boundary saw it. */
export interface SeenCall {
  vehicleId: string;
  kind: 'journeys' | 'charging' | 'other';
  filter: { field: string; operator: string; value: string }[];
  /** The sandbox clock when it was asked. */
  at: number;
}

/**
 * The sandbox on its own clock, seen through a fetch that records every call (vehicle, kind,
 * filter). `visibleUntil`, when set, hides journeys and charging sessions started after it (the
 * condition is added to the list's filter before the sandbox reads it), so the upstream's history
 * can grow as the clock moves. `refuse` answers a call as the upstream would refuse it.
 */
export function historyWorld(options: { vehiclesPerOrg?: number; seed?: number } = {}) {
  let clock = Date.parse('2026-11-20T08:00:00Z');
  const seededAt = clock;
  const sandbox = createSandbox({ seed: options.seed ?? 32, vehiclesPerOrg: options.vehiclesPerOrg ?? 12, now: () => clock });
  const upstream = sandbox.organizations[0];
  const calls: SeenCall[] = [];
  const world = {
    sandbox,
    seededAt,
    calls,
    /** Paths of the other per-vehicle calls through the counted client (telemetry, state of health…). */
    otherVehicleCalls: [] as string[],
    visibleUntil: undefined as number | undefined,
    refuse: undefined as ((call: SeenCall) => Response | undefined) | undefined,
    fixtures: sandbox.fixtures(upstream.id),
    now: () => new Date(clock),
    advance: (ms: number) => (clock += ms),
  };
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    const match = /\/v1\/vehicles\/([^/]+)\/(journeys|charging-history)$/.exec(url.pathname);
    if (!match) {
      if (/^\/v1\/vehicles\/[^/]+\/./.test(url.pathname)) world.otherVehicleCalls.push(url.pathname);
      return sandbox.fetch(input, init);
    }
    const kind = match[2] === 'journeys' ? 'journeys' : 'charging';
    const raw = url.searchParams.get('filter');
    const filter = raw ? (JSON.parse(raw) as SeenCall['filter']) : [];
    const call: SeenCall = { vehicleId: match[1], kind, filter: Array.isArray(filter) ? filter : [filter], at: clock };
    calls.push(call);
    const refused = world.refuse?.(call);
    if (refused) return refused;
    if (world.visibleUntil !== undefined) {
      const field = kind === 'journeys' ? 'startTimestamp' : 'startedAt';
      url.searchParams.set(
        'filter',
        JSON.stringify([...call.filter, { field, operator: '<=', value: new Date(world.visibleUntil).toISOString() }]),
      );
    }
    return sandbox.fetch(url.toString(), init);
  };
  const client = (f: FetchLike) =>
    createVehicleApi({
      baseUrl: 'http://sandbox.local',
      clientId: upstream.clientId,
      clientSecret: upstream.clientSecret,
      fetch: f,
      // Token expiry on the sandbox's clock, as the upstream's.
      now: () => clock,
      retry: { baseDelayMs: 1 },
      logger: () => {},
    });
  return Object.assign(world, { api: client(fetch), uncounted: client(sandbox.fetch.bind(sandbox)) });
}

export type HistoryWorld = ReturnType<typeof historyWorld>;

/**
 * Disconnects upstream every vehicle of the world's fleet but these (the sandbox seeds at least ten,
 * its fixtures): a test about a vehicle or two gathers only theirs. Call it before historyOrganization.
 */
export async function keepOnlyVehicles(w: HistoryWorld, ...keep: string[]): Promise<void> {
  for (const vehicle of (await w.uncounted.listVehicles({ maxPageSize: 100 })).data.results)
    if (!keep.includes(vehicle.id)) await w.uncounted.deleteVehicle(vehicle.id);
}

/** A new organization whose only client is the world's, with its snapshot roster (and budgets) filled. */
export async function historyOrganization(db: Db, w: HistoryWorld) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const org = await createOrganization(db, { slug: `h${suffix}`, name: 'Org', apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
  await refreshSnapshots(db, async (id) => (id === org.id ? w.uncounted : undefined), w.now, {
    intervalMs: 15 * 60_000,
    budgetShare: 0.25,
    budgetTtlMs: DAY_MS,
    concurrency: 4,
  });
  return { id: org.id, apiFor: async (id: string) => (id === org.id ? w.api : undefined) };
}

/** What the upstream holds for the vehicle started within (after, until], read without counting. */
export async function upstreamItems(api: VehicleApi, vehicleId: string, kind: 'journeys' | 'charging', after: Date, until: Date) {
  const field = kind === 'journeys' ? 'startTimestamp' : 'startedAt';
  const filter = [
    { field, operator: '>', value: after.toISOString() },
    { field, operator: '<=', value: until.toISOString() },
  ];
  const ids: string[] = [];
  const params = { maxPageSize: 100, filter };
  if (kind === 'journeys') {
    for await (const page of paginate((p: { pageToken?: string }) => api.listJourneys(vehicleId, { ...p, ...params }), {}))
      ids.push(...page.data.results.map((item) => item.id));
  } else {
    for await (const page of paginate((p: { pageToken?: string }) => api.listChargingSessions(vehicleId, { ...p, ...params }), {}))
      ids.push(...page.data.results.map((item) => item.id));
  }
  return ids;
}
