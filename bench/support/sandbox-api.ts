import type { Sandbox } from '@/lib/sandbox';
import type { FetchLike, VehicleApi } from '@/lib/vehicle-api';
import { sandboxClient } from '@/lib/vehicle-api/sandbox-client.test-support';

/** The sandbox's client for a benchmark: nothing recorded on the way, so the figures are the client's own. */
export function sandboxApi(
  sandbox: Sandbox,
  options: { fetch?: FetchLike; baseUrl?: string; coalesceReads?: boolean; logger?: (entry: object) => void } = {},
): VehicleApi {
  return sandboxClient(sandbox, { ...options, record: false }).api;
}
