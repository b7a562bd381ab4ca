import 'server-only';
import { appUrl, env } from '@/lib/env';
import { getDb } from '@/lib/db';
import { getOrganizationCredentials, type OrganizationCredentials } from '@/lib/db/repos/organizations';
import { DbTokenStore } from '@/lib/bff/db-token-store';
import { getEmbeddedSandbox } from '@/lib/sandbox';
import { createLayeredTokenStore, createVehicleApi, type FetchLike, type VehicleApi } from '@/lib/vehicle-api';
import { AppError } from '@/lib/errors/app-error';

type CachedClient = { version: string; api: VehicleApi };
const CLIENTS_KEY = Symbol.for('motorpool.orgVehicleApis');

function clientCache(): Map<string, CachedClient> {
  const store = globalThis as typeof globalThis & { [CLIENTS_KEY]?: Map<string, CachedClient> };
  return (store[CLIENTS_KEY] ??= new Map());
}

/** The transport is chosen here and only here: the in-process sandbox, or the network. */
export function transportFor(credentials: Pick<OrganizationCredentials, 'apiBaseUrl'>): { baseUrl: string; fetch: FetchLike } {
  if (credentials.apiBaseUrl === null) {
    const sandbox = getEmbeddedSandbox();
    return { baseUrl: `${appUrl()}/sandbox`, fetch: sandbox.fetch as FetchLike };
  }
  return { baseUrl: credentials.apiBaseUrl, fetch: (input, init) => fetch(input, init) };
}

export function createOrgVehicleApi(organizationId: string, credentials: OrganizationCredentials): VehicleApi {
  const e = env();
  return createVehicleApi({
    ...transportFor(credentials),
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    tokenStore: createLayeredTokenStore(new DbTokenStore(getDb)),
    tokenCacheKey: `org:${organizationId}:${credentials.apiBaseUrl ?? 'embedded'}:${credentials.clientId}`,
    timeoutMs: e.VEHICLE_API_TIMEOUT_MS,
    logger: e.LOG_UPSTREAM ? undefined : () => {},
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
  clientCache().set(org.id, { version, api });
  return api;
}
