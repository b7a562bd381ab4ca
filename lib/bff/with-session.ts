import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { getSessionClaims, getSessionUser, type SessionUser } from '@/lib/auth/session';
import { clientIp } from './audit';
import { AppError, validationError } from '@/lib/errors/app-error';
import { errorResponse } from './error-response';
import { assertSameOrigin, readJsonBody } from './request-guards';

type Schema = z.core.$ZodType;
type Parsed<S> = S extends z.core.$ZodType ? z.infer<S> : undefined;
type RouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };

const READS = new Set(['GET', 'HEAD']);

function parse<S extends Schema | undefined>(schema: S, input: unknown, where: 'body' | 'params'): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  const parsed = z.safeParse(schema, input);
  if (!parsed.success) throw validationError(parsed.error, where);
  return parsed.data as Parsed<S>;
}

/**
 * The wrapper of the account and invitation routes (outside any organization): same-origin
 * check for every method but a read, a JSON body and the route's params validated with zod, the
 * current session (checked against the database: a signed-out or outdated session counts as
 * none) with its id, one error mapping.
 * `session: 'required'` answers 401 without one; 'optional' hands null.
 */
export function withSession<
  R extends 'required' | 'optional',
  BS extends Schema | undefined = undefined,
  PS extends Schema | undefined = undefined,
>(
  handler: (ctx: {
    request: NextRequest;
    body: Parsed<BS>;
    params: Parsed<PS>;
    user: R extends 'required' ? SessionUser : SessionUser | null;
    /** The id of this request's session (server-side only: never sent to the browser). */
    sessionId: R extends 'required' ? string : string | null;
    ip: string | null;
  }) => Promise<unknown>,
  options: { body?: BS; params?: PS; session: R },
) {
  return async function route(request: NextRequest, context?: RouteContext): Promise<Response> {
    try {
      if (!READS.has(request.method)) assertSameOrigin(request);
      const user = await getSessionUser();
      if (options.session === 'required' && !user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
      const sessionId = user ? ((await getSessionClaims())?.sid ?? null) : null;
      const params = parse(options.params as PS, (await context?.params) ?? {}, 'params');
      const body = parse(options.body as BS, options.body ? await readJsonBody(request) : undefined, 'body');
      const result = await handler({ request, body, params, user: user as never, sessionId: sessionId as never, ip: clientIp(request) });
      return NextResponse.json(result ?? { ok: true }, { headers: { 'Cache-Control': 'no-store' } });
    } catch (error) {
      return errorResponse(error, request);
    }
  };
}
