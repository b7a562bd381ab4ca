import 'server-only';
import type { z } from 'zod';
import { can, type Role } from '@/lib/auth/permissions';
import { withOrg } from '@/lib/bff/with-org';
import type { VehicleApi } from '@/lib/vehicle-api';
import { vehicleParamsSchema } from '@/lib/validations/route-params';
import type { UpstreamMeta } from '@/lib/vehicle-data/types';
import { orgVehicleApi } from '@/lib/org/org-vehicle-api';
import { accessCan } from '@/lib/org/credential-actor';
import { env } from '@/lib/env';
import { withSharedReads } from '@/lib/vehicle-api/shared-reads';

/**
 * A read a person forced (the Refresh button): `Cache-Control: no-cache`, HTTP's "ask the origin",
 * so it goes upstream rather than answering another instance's recent read.
 */
export function isForcedRead(headers: Headers): boolean {
  const directives = (headers.get('cache-control') ?? '').split(',');
  return directives.some((directive) => directive.split('=')[0].trim().toLowerCase() === 'no-cache');
}

/**
 * The one shape of every vehicle data route: the parsed data, and next to it the upstream call it
 * came from (`requestId`, `durationMs`, and the exact body as `raw` for those allowed `raw.read`).
 * A successful `ApiResponse` and a `VehicleApiError` both describe their call this way, so a
 * route that turns an upstream refusal into an explanation (an unsupported brand) still shows it.
 */
export type UpstreamCall = { requestId?: string; durationMs?: number; raw?: unknown };
export type Loaded<D> = { data: D; call: UpstreamCall };

/** The upstream parameters of one page of a tab's list: the page asked for and the tab's filter. */
export const listPageParams = (query: { pageSize: number; pageToken?: string }, filter: unknown) => ({
  maxPageSize: query.pageSize,
  pageToken: query.pageToken,
  filter,
});

export function upstreamMeta(role: Role, call: UpstreamCall): UpstreamMeta {
  const meta: UpstreamMeta = { requestId: call.requestId ?? null, durationMs: call.durationMs ?? null };
  if (can(role, 'raw.read')) meta.raw = call.raw ?? null;
  return meta;
}

type VehicleParams = { org: string; vehicleId: string };
type Infer<S> = S extends z.core.$ZodType ? z.infer<S> : undefined;

/**
 * A GET route of the vehicle page: `withOrg` with `vehicles.read`, the vehicle id checked, the
 * organization's client, and the upstream envelope added to what `load` returns.
 */
export function vehicleDataRoute<
  D extends object,
  QS extends z.core.$ZodType | undefined = undefined,
  PS extends z.core.$ZodType<VehicleParams> = typeof vehicleParamsSchema,
>(
  load: (api: VehicleApi, input: { params: z.infer<PS>; query: Infer<QS>; organizationId: string }) => Promise<Loaded<D>>,
  options: { params?: PS; query?: QS } = {},
) {
  return withOrg(
    async (access) => {
      const { org, role, params, query } = access;
      const api = await orgVehicleApi(org);
      // Instances on one PostgreSQL share a section's upstream read within its freshness window.
      const { data, call } = await withSharedReads(
        { maxAgeMs: env().VEHICLE_SHARED_READ_MS, force: isForcedRead(access.request.headers) },
        () => load(api, { params: params as z.infer<PS>, query: query as Infer<QS>, organizationId: org.id }),
      );
      const meta = upstreamMeta(role, call);
      // An API credential sees raw payloads only when its own scope grants raw.read.
      if (!accessCan(access, 'raw.read')) delete meta.raw;
      return { ...data, ...meta };
    },
    { permission: 'vehicles.read', params: (options.params ?? vehicleParamsSchema) as PS, query: options.query },
  );
}

/** The common case: one upstream call whose parsed body goes out under `name`. */
export function single<N extends string, T>(name: N, response: { data: T } & UpstreamCall): Loaded<Record<N, T>> {
  return { data: { [name]: response.data } as Record<N, T>, call: response };
}
