import { createVehicleApi, type FetchLike, type VehicleApi } from './index';

/** What a client needs of an embedded sandbox (structural: lib/vehicle-api does not depend on lib/sandbox). */
type SandboxLike = { organizations: readonly { clientId: string; clientSecret: string }[]; fetch: unknown };

/**
 * For tests and benchmarks: the Vehicle API client of the sandbox's first organization, in
 * process, silent, and each call it makes ("METHOD /path", token requests aside) in `calls`
 * (`record: false` leaves the calls unrecorded, for benchmarks that time the client itself).
 */
export function sandboxClient(
  sandbox: SandboxLike,
  options: { baseUrl?: string; coalesceReads?: boolean; logger?: (entry: object) => void; fetch?: FetchLike; record?: boolean } = {},
): { api: VehicleApi; calls: string[] } {
  const org = sandbox.organizations[0];
  const calls: string[] = [];
  const through = options.fetch ?? (sandbox.fetch as FetchLike);
  const recording: FetchLike = (input, init) => {
    const path = new URL(input).pathname;
    if (!path.includes('/oauth2/')) calls.push(`${init.method ?? 'GET'} ${path}`);
    return through(input, init);
  };
  const fetch = options.record === false ? through : recording;
  const api = createVehicleApi({
    baseUrl: options.baseUrl ?? 'http://sandbox.local',
    clientId: org.clientId,
    clientSecret: org.clientSecret,
    fetch,
    logger: options.logger ?? (() => {}),
    ...(options.coalesceReads === undefined ? {} : { coalesceReads: options.coalesceReads }),
  });
  return { api, calls };
}
