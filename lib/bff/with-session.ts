import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { getSessionUser, type SessionUser } from '@/lib/auth/session';
import { clientIp } from './audit';
import { AppError, validationError } from '@/lib/errors/app-error';
import { errorResponse } from './error-response';
import { assertSameOrigin, readJsonBody } from './request-guards';

type Schema = z.core.$ZodType;

/**
 * The wrapper of the account and invitation routes (outside any organization): same-origin
 * check and a JSON body validated with zod, the current session (checked against the database:
 * a signed-out or outdated session counts as none), one error mapping.
 * `session: 'required'` answers 401 without one; 'optional' hands null.
 */
export function withSession<BS extends Schema, R extends 'required' | 'optional'>(
  handler: (ctx: {
    request: NextRequest;
    body: z.infer<BS>;
    user: R extends 'required' ? SessionUser : SessionUser | null;
    ip: string | null;
  }) => Promise<unknown>,
  options: { body: BS; session: R },
) {
  return async function route(request: NextRequest): Promise<Response> {
    try {
      assertSameOrigin(request);
      const user = await getSessionUser();
      if (options.session === 'required' && !user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
      const parsed = z.safeParse(options.body, await readJsonBody(request));
      if (!parsed.success) throw validationError(parsed.error, 'body');
      const result = await handler({ request, body: parsed.data as z.infer<BS>, user: user as never, ip: clientIp(request) });
      return NextResponse.json(result ?? { ok: true }, { headers: { 'Cache-Control': 'no-store' } });
    } catch (error) {
      return errorResponse(error);
    }
  };
}
