import 'server-only';
import { appUrl, env } from '@/lib/env';
import { getDb, getDbHandle } from '@/lib/db';
import { getOrganizationCredentials, type OrganizationCredentials } from '@/lib/db/repos/organizations';
import { DbTokenStore } from '@/lib/org/db-token-store';
import { DbSharedReads } from '@/lib/org/db-shared-reads';
import { getEmbeddedSandbox } from '@/lib/sandbox';
import { createLayeredTokenStore, createVehicleApi, type Breaker, type FetchLike, type VehicleApi } from '@/lib/vehicle-api';
import { AppError } from '@/lib/errors/app-error';
import { createUpstreamObserver } from '@/lib/ops/observe';
import { logger } from '@/lib/ops/log';
import { setBounded } from '@/lib/bounded-map';
import { createSharedBreaker } from '@/lib/org/shared-breaker';
import { createGuardedFetch } from '@/lib/vehicle-api/guarded-upstream-fetch';
import { checkUpstreamBaseUrl, upstreamHostPolicy } from '@/lib/vehicle-api/upstream-host-policy';

const BREAKER_KEY = Symbol.for('motorpool.vehicleApiBreaker');

/**
 * One breaker per process, kept across rebuilt clients (changed credentials do not lift a pause),
 * and shared with the other instances on the same PostgreSQL.
 */
export function organizationBreaker(): Breaker {
  const store = globalThis as typeof globalThis & { [BREAKER_KEY]?: Breaker };
  return (store[BREAKER_KEY] ??= createSharedBreaker(
    () => getDbHandle().notifications,
    (error) => logger().error({ err: error }, 'sharing the upstream breaker between instances failed'),
  ));
}

type CachedClient = { version: string; api: VehicleApi };
/** Clients kept at most; the organization least recently (re)built is dropped and rebuilt on its next request. */
const MAX_CLIENTS = 1_000;
const CLIENTS_KEY = Symbol.for('motorpool.orgVehicleApis');

function clientCache(): Map<string, CachedClient> {
  const store = globalThis as typeof globalThis & { [CLIENTS_KEY]?: Map<string, CachedClient> };
  return (store[CLIENTS_KEY] ??= new Map());
}

/**
 * The transport is chosen here and only here: the in-process sandbox, or the network, only to
 * a host the operator allows (lib/vehicle-api/allowed-hosts.ts), with every resolved address
 * checked at connect time and redirects never followed.
 */
export function transportFor(credentials: Pick<OrganizationCredentials, 'apiBaseUrl'>): { baseUrl: string; fetch: FetchLike } {
  if (credentials.apiBaseUrl === null) {
    const sandbox = getEmbeddedSandbox();
    return { baseUrl: `${appUrl()}/sandbox`, fetch: sandbox.fetch as FetchLike };
  }
  const baseUrl = credentials.apiBaseUrl;
  const policy = upstreamHostPolicy();
  const verdict = checkUpstreamBaseUrl(baseUrl, policy);
  // A base URL stored before the operator narrowed the list: nothing is sent there.
  if (!verdict.ok)
    return { baseUrl, fetch: () => Promise.reject(new Error(`The base URL is not allowed on this server: ${verdict.message}`)) };
  // The operator's own VEHICLE_API_BASE_URL may be internal; redirects are refused all the same.
  if (verdict.trustedByOperator) return { baseUrl, fetch: (input, init) => fetch(input, { ...init, redirect: 'error' }) };
  return { baseUrl, fetch: createGuardedFetch({ allowLoopback: policy.allowLoopback }) };
}

export function createOrgVehicleApi(organizationId: string, credentials: OrganizationCredentials): VehicleApi {
  const e = env();
  return createVehicleApi({
    ...transportFor(credentials),
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    // On PostgreSQL several instances may cold-start at once: an advisory lock makes their token request one.
    tokenStore: createLayeredTokenStore(
      new DbTokenStore(getDb, { lock: () => getDbHandle().kind === 'postgres', lockTimeoutMs: e.VEHICLE_API_DEADLINE_MS }),
    ),
    tokenCacheKey: `org:${organizationId}:${credentials.apiBaseUrl ?? 'embedded'}:${credentials.clientId}`,
    timeoutMs: e.VEHICLE_API_TIMEOUT_MS,
    deadlineMs: e.VEHICLE_API_DEADLINE_MS,
    breaker: { breaker: organizationBreaker(), key: organizationId },
    // Vehicle sections read by people on several instances: one upstream call per freshness window (PostgreSQL only).
    sharedReads: new DbSharedReads(getDb, {
      organizationId,
      enabled: () => getDbHandle().kind === 'postgres',
      notifications: () => getDbHandle().notifications,
      leaseMs: e.VEHICLE_API_DEADLINE_MS,
      onError: (error) =>
        logger().warn({ event: 'vehicle_api.shared_read_failed', err: error }, 'a shared read went on without the database'),
    }),
    logger: createUpstreamObserver(),
  });
}

/**
 * One client per organization and process, so its single-flight token requests and coalesced
 * reads work across concurrent requests. Changed credentials give a new client.
 */
export async function orgVehicleApi(org: { id: string; updatedAt: Date | string }): Promise<VehicleApi> {
  const version = new Date(org.updatedAt).toISOString();
  const cached = clientCache().get(org.id);
  if (cached?.version === version) return cached.api;
  const credentials = await getOrganizationCredentials(getDb(), org.id);
  if (!credentials) throw new AppError('NOT_FOUND', 'Not found.');
  const api = createOrgVehicleApi(org.id, credentials);
  setBounded(clientCache(), org.id, { version, api }, MAX_CLIENTS);
  return api;
}
