import 'server-only';
import type { z } from 'zod';
import { withOrg } from '@/lib/bff/with-org';
import { orgVehicleApi } from '@/lib/bff/org-vehicle-api';
import { rememberTags } from '@/lib/vehicles/server/tags-seen';
import { tagInputSchema, tagQuerySchema } from '@/lib/validations/fleet';

type ObjectParams<K extends string> = z.core.$ZodType<{ org: string } & Record<K, string>>;

/**
 * Add (POST, body) and remove (DELETE, query) a tag on one object: a vehicle, or an account,
 * which the upstream applies to each of its vehicles. One definition for both kinds of object.
 */
export function tagRoutes<K extends string>(params: ObjectParams<K>, idParam: K, targetType: 'vehicle' | 'account') {
  const target = ({ params: p }: { params: unknown }) => ({ type: targetType, id: (p as Record<K, string>)[idParam] });
  const details = ({ result }: { result: unknown }) => (result as { tag: Record<string, unknown> }).tag;

  const POST = withOrg(
    async ({ org, params: p, body, setUpstreamRequestId }) => {
      const response = await (await orgVehicleApi(org)).createTag({ key: body.key, value: body.value, objectId: p[idParam] });
      setUpstreamRequestId(response.requestId);
      rememberTags(org.id, [body]);
      return { tag: body, requestId: response.requestId };
    },
    { permission: 'tags.write', params, body: tagInputSchema, audit: { action: 'tags.added', target, details } },
  );

  const DELETE = withOrg(
    async ({ org, params: p, query, setUpstreamRequestId }) => {
      const response = await (await orgVehicleApi(org)).deleteTag({ key: query.key, value: query.value, objectId: p[idParam] });
      setUpstreamRequestId(response.requestId);
      return { tag: query, requestId: response.requestId };
    },
    // DELETE has no body: the tag comes in the query string and reaches the audit through the result.
    { permission: 'tags.write', params, query: tagQuerySchema, audit: { action: 'tags.removed', target, details } },
  );

  return { POST, DELETE };
}
