import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import type { Permission } from '@/lib/auth/permissions';
import { validationError } from '@/lib/errors/app-error';
import { errorResponse } from './error-response';
import { assertSameOrigin, readJsonBody } from './request-guards';
import { loadOrgAccess, type OrgAccess } from '@/lib/org/org-access';
import { recordAudit, type AuditSpec } from './audit';
import { takePersonBudget, type PersonLimit } from './person-rate-limit';
import { env } from '@/lib/env';
import { getDb } from '@/lib/db';
import { withUpstreamDeadline } from '@/lib/vehicle-api/deadline';
import { observeBffRequest } from '@/lib/ops/observe';
import { rememberVehicleUpstreamError } from './vehicle-upstream-errors';
import { logger } from '@/lib/ops/log';
import { isStepUpRefusal, requireStepUp, type StepUpRule } from './step-up';
import { accessCan } from '@/lib/org/credential-actor';
import { permissionRefusal } from '@/lib/org/permission-refusal';
import { bearerSecretOf, loadBearerAccess, setRateLimitHeaders, type RateLimitState } from './bearer-access';
import { routeContractOf } from './route-contract';

/** Any zod schema: the shared ones in lib/validations are zod/mini, a route's own may be classic. */
type Schema = z.core.$ZodType;
type Parsed<S> = S extends z.core.$ZodType ? z.infer<S> : undefined;

export type OrgContext<P, Q, B, H = undefined> = OrgAccess & {
  request: NextRequest;
  params: P;
  query: Q;
  body: B;
  headers: H;
};

type Options<PS, QS, BS, HS, R> = {
  permission: Permission;
  params?: PS;
  query?: QS;
  body?: BS;
  /** The request headers a route reads, by lower-case name (HTTP header names are case-insensitive). */
  headers?: HS;
  audit?: AuditSpec<Parsed<PS>, Parsed<BS>, R>;
  /** A budget per person for a route whose one request costs many upstream calls. */
  perPerson?: PersonLimit;
  /** A dangerous action (lib/auth/dangerous-actions.ts): refused without a fresh step-up of this session. */
  stepUp?: StepUpRule<Parsed<PS>, Parsed<BS>>;
};

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A verb's result names the upstream call that mattered as `requestId`; the audit entry keeps it. */
function requestIdOf(result: unknown): string | undefined {
  const id =
    result && typeof result === 'object' && !(result instanceof Response) ? (result as { requestId?: unknown }).requestId : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The success entry is written once the answer is decided and can never turn it into an error:
 * the action already happened (a command may be moving a car), and a 500 would invite a repeat.
 */
async function recordSuccess<P, B, R>(
  access: OrgAccess,
  audit: AuditSpec<P, B, R>,
  auditTarget: { type?: string; id?: string },
  request: NextRequest,
  params: P,
  body: B,
  result: R,
): Promise<void> {
  try {
    const target = { ...auditTarget, ...audit.resultTarget?.(result) };
    await recordAudit(access, audit, {
      outcome: 'success',
      target,
      upstreamRequestId: requestIdOf(result),
      request,
      params,
      body,
      result,
    });
  } catch (auditError) {
    logger().error({ event: 'audit.write_failed', action: audit.action, err: auditError }, 'audit write failed after a successful action');
  }
}

function parse<S extends Schema | undefined>(schema: S, input: unknown, where: 'body' | 'query' | 'params' | 'headers'): Parsed<S> {
  if (!schema) return undefined as Parsed<S>;
  const result = z.safeParse(schema, input);
  if (!result.success) throw validationError(result.error, where);
  return result.data as Parsed<S>;
}

const PARSED_QUERIES_KEPT = 200;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A route's parsed queries, by their text: a page polls with the same query, and parsing one
 * costs about 0.1 ms of zod. Every request with that text shares the value, so it is frozen, and
 * a query schema must depend on its text alone (no clock, no default of "now").
 */
function createQueryParser<S extends Schema | undefined>(schema: S) {
  const parsed = new Map<string, Parsed<S>>();
  return (url: NextRequest['nextUrl']): Parsed<S> => {
    if (!schema) return undefined as Parsed<S>;
    const known = parsed.get(url.search);
    if (known !== undefined) return known;
    const value = deepFreeze(parse(schema, Object.fromEntries(url.searchParams), 'query'));
    if (parsed.size >= PARSED_QUERIES_KEPT) parsed.delete(parsed.keys().next().value as string);
    parsed.set(url.search, value);
    return value;
  };
}

/**
 * The one wrapper of every `/api/o/{org}/...` route: same-origin check for mutations, session,
 * membership (404 for an organization the user is not in, never a hint that it exists),
 * permission, zod-validated params, query, headers and body, one error mapping, and the audit entry.
 */
export function withOrg<
  PS extends Schema | undefined = undefined,
  QS extends Schema | undefined = undefined,
  BS extends Schema | undefined = undefined,
  HS extends Schema | undefined = undefined,
  R = unknown,
>(handler: (ctx: OrgContext<Parsed<PS>, Parsed<QS>, Parsed<BS>, Parsed<HS>>) => Promise<R>, options: Options<PS, QS, BS, HS, R>) {
  const parseQuery = createQueryParser(options.query as QS);
  // The route's schemas ride along for the OpenAPI document (lib/bff/route-contract.ts).
  return Object.assign(async function route(request: NextRequest, context: RouteContext): Promise<Response> {
    const startedAt = performance.now();
    const rawParams = await context.params;
    let organizationId: string | undefined;
    let rateLimit: RateLimitState | undefined;
    const response = await answer(
      request,
      rawParams,
      startedAt,
      (id) => (organizationId = id),
      (state) => (rateLimit = state),
    );
    if (rateLimit) setRateLimitHeaders(response, rateLimit);
    observeBffRequest(request, rawParams, response, startedAt, organizationId);
    return response;
  }, routeContractOf(options));

  async function answer(
    request: NextRequest,
    rawParams: Awaited<RouteContext['params']>,
    startedAt: number,
    onOrganization: (id: string) => void,
    onRateLimit: (state: RateLimitState) => void,
  ): Promise<Response> {
    let access: OrgAccess | undefined;
    let auditTarget: { type?: string; id?: string } = {};
    let parsedBody: Parsed<BS> | undefined;
    let parsedParams: Parsed<PS> | undefined;
    try {
      const mutating = MUTATING.has(request.method);
      // A program's bearer credential (lib/bff/bearer-access.ts) or a person's session, never both.
      const bearer = bearerSecretOf(request);
      if (mutating && bearer === undefined) assertSameOrigin(request);
      const slug = String(rawParams.org ?? '');
      access =
        bearer === undefined
          ? await loadOrgAccess(slug, request.cookies.getAll())
          : await loadBearerAccess(request, slug, bearer, { onRateLimit });
      onOrganization(access.org.id);
      if (!accessCan(access, options.permission)) throw permissionRefusal(access, options.permission);
      if (options.perPerson)
        await takePersonBudget(getDb(), options.perPerson, access.credential ? `credential ${access.credential.id}` : access.user.id);
      const params = parse(options.params as PS, rawParams, 'params');
      const query = parseQuery(request.nextUrl);
      const headers = parse(options.headers as HS, options.headers ? Object.fromEntries(request.headers) : undefined, 'headers');
      const body = parse(options.body as BS, options.body ? await readJsonBody(request) : undefined, 'body');
      parsedBody = body;
      parsedParams = params;
      auditTarget = options.audit?.target?.({ params, body }) ?? {};
      if (options.stepUp) await requireStepUp(access, options.stepUp, { params, body });
      // Every upstream call of the request shares one deadline, counted from its arrival.
      const orgAccess = access;
      const result = await withUpstreamDeadline(
        env().VEHICLE_API_DEADLINE_MS,
        () => handler({ ...orgAccess, request, params, query, body, headers }),
        startedAt,
      );
      if (options.audit && access) await recordSuccess(access, options.audit, auditTarget, request, parsedParams, parsedBody, result);
      if (result instanceof Response) return result;
      return NextResponse.json(result ?? { ok: true }, { headers: { 'Cache-Control': 'no-store' } });
    } catch (error) {
      const response = errorResponse(error, request);
      if (access) await rememberVehicleUpstreamError(access.org.id, parsedParams, error);
      // A refusal for want of a step-up is the prompt's cue, not an attempt: the retry is recorded.
      if (options.audit && access && !isStepUpRefusal(error)) {
        const requestId = (error as { requestId?: string }).requestId;
        await recordAudit(access, options.audit, {
          outcome: 'failure',
          target: auditTarget,
          upstreamRequestId: requestId,
          request,
          params: parsedParams,
          body: parsedBody,
          error,
        }).catch((auditError) => logger().error({ event: 'audit.write_failed', err: auditError }, 'audit write failed'));
      }
      return response;
    }
  }
}
