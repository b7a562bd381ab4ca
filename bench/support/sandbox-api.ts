import type { Sandbox } from '@/lib/sandbox';
import { createVehicleApi, type FetchLike, type VehicleApi } from '@/lib/vehicle-api';

/**
 * The Vehicle API client of the sandbox's first organization, in process (no network), silent;
 * `fetch` wraps the sandbox's to count or shape calls.
 */
export function sandboxApi(
  sandbox: Sandbox,
  options: { fetch?: FetchLike; baseUrl?: string; coalesceReads?: boolean; logger?: (entry: object) => void } = {},
): VehicleApi {
  const org = sandbox.organizations[0];
  return createVehicleApi({
    baseUrl: options.baseUrl ?? 'http://sandbox.local',
    clientId: org.clientId,
    clientSecret: org.clientSecret,
    fetch: options.fetch ?? (sandbox.fetch as FetchLike),
    logger: options.logger ?? (() => {}),
    ...(options.coalesceReads === undefined ? {} : { coalesceReads: options.coalesceReads }),
  });
}
