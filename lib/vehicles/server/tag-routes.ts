import 'server-only';
import type { z } from 'zod';
import { withOrg } from '@/lib/bff/with-org';
import { tagInputSchema } from '@/lib/vehicles/schemas';
import { addTag, removeTag } from '@/lib/vehicles/server/tag-object';

type ObjectParams<K extends string> = z.core.$ZodType<{ org: string } & Record<K, string>>;

/**
 * Add (POST, body) and remove (DELETE, query) a tag on one object: a vehicle, or an account,
 * which the upstream applies to each of its vehicles. One definition for both kinds of object.
 */
export function tagRoutes<K extends string>(params: ObjectParams<K>, idParam: K, targetType: 'vehicle' | 'account') {
  const target = ({ params: p }: { params: Record<K, string> }) => ({ type: targetType, id: p[idParam] });
  const details = ({ result }: { result: { tag: Record<string, unknown> } }) => result.tag;

  const POST = withOrg(({ org, params: p, body }) => addTag(org, p[idParam], body, targetType), {
    permission: 'tags.write',
    params,
    body: tagInputSchema,
    audit: { action: 'tags.added', target, details },
  });

  // DELETE has no body: the tag comes in the query string and reaches the audit through the result.
  const DELETE = withOrg(({ org, params: p, query }) => removeTag(org, p[idParam], query, targetType), {
    permission: 'tags.write',
    params,
    query: tagInputSchema,
    audit: { action: 'tags.removed', target, details },
  });

  return { POST, DELETE };
}
