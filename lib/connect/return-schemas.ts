import * as z from '@/lib/validations/zod';

/**
 * Query of the landing page after consent. Everything comes from the address bar, so anything
 * that does not match exactly is dropped: the page then shows a generic outcome, never the input.
 */
export const connectReturnSchema = z.object({
  result: z.catch(z.enum(['success', 'failure']), 'failure'),
  accountId: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/))), undefined),
  error: z.catch(z.optional(z.string().check(z.regex(/^[A-Z][A-Z0-9_]{0,63}$/))), undefined),
  link: z.catch(z.optional(z.uuid()), undefined),
  /** HMAC of the link id (base64url of SHA-256): proof that the visit comes from that link's flow. */
  state: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))), undefined),
});
export type ConnectReturn = z.infer<typeof connectReturnSchema>;

export function parseConnectReturn(query: Record<string, string | string[] | undefined>): ConnectReturn {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  const parsed = connectReturnSchema.parse({
    result: first(query.result),
    accountId: first(query.accountId),
    error: first(query.error),
    link: first(query.link),
    state: first(query.state),
  });
  // A success without an account id is not a success we can show.
  if (parsed.result === 'success' && !parsed.accountId) return { ...parsed, result: 'failure' };
  return parsed;
}
