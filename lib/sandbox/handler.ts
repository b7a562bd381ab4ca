import 'server-only';
import { randomBytes } from 'node:crypto';
import { REQUEST_ID_HEADER } from '@/lib/contract/vehicle-api';
import { handleTokenRequest } from './auth';
import { type Ctx, createRouter } from './context';
import type { Core } from './core';
import { ApiError, errorBody, notFound } from './errors';
import { json } from './http';
import { sandboxPath } from './path';
import { registerAccountRoutes } from './routes-accounts';
import { registerAdminRoutes } from './routes-admin';
import { registerBulkRoutes } from './routes-bulk';
import { registerFleetDataRoutes } from './routes-fleet-data';
import { registerVehicleRoutes } from './routes-vehicles';
import { frameworkNotFound, unpublishedCommand, vendorResponse } from './vendor-profile';
import { validationFailed, vendorRequestIssues } from './vendor-requests';

const MALFORMED_JSON = '{"results": [{"id": "veh_';

export function createHandler(getCore: () => Core, reset: () => void): (request: Request) => Promise<Response> {
  const router = createRouter();
  router.on('POST', '/v1/oauth2/token', async (ctx) => {
    const core = ctx.core;
    return json(
      await handleTokenRequest(ctx.request, {
        organizations: core.organizations,
        tokens: core.tokens,
        now: core.now(),
        ttlSeconds: core.options.tokenTtlSeconds,
      }),
    );
  });
  router.on('POST', '/v1/oauth2/test-token', (ctx) => {
    const caller = ctx.caller();
    return json({ clientId: caller.clientId, organizationId: caller.organization.id });
  });
  registerBulkRoutes(router);
  registerAccountRoutes(router);
  registerVehicleRoutes(router);
  registerFleetDataRoutes(router);
  registerAdminRoutes(router, reset);

  async function dispatch(request: Request, core: Core): Promise<Response> {
    const url = new URL(request.url);
    const path = sandboxPath(url.pathname, core.options.basePath);
    if (path === null) throw notFound(`Path ${url.pathname}`);
    if (path.startsWith('/v1/')) core.apiRequests += 1;
    const faults = core.faults.take(request.method, path, url.searchParams);
    for (const fault of faults) {
      if (fault.after) continue;
      if (fault.kind === 'latency') await new Promise((r) => setTimeout(r, fault.latencyMs ?? 1000));
      else if (fault.kind === 'server_error') throw new ApiError('SERVER_ERROR', 'Injected server error');
      else if (fault.kind === 'rate_limit') {
        const retryAfter = String(fault.retryAfterSeconds ?? 1);
        throw new ApiError('RATE_LIMITED', 'Too many requests', { retryAfterSeconds: Number(retryAfter) }, { 'Retry-After': retryAfter });
      } else if (fault.kind === 'malformed_json')
        return new Response(MALFORMED_JSON, { status: 200, headers: { 'content-type': 'application/json' } });
      // A service without this endpoint at all: a framework's 405, not the contract's error body.
      else if (fault.kind === 'method_not_allowed')
        return new Response(JSON.stringify({ detail: 'Method Not Allowed' }), {
          status: 405,
          headers: { 'content-type': 'application/json', allow: 'POST' },
        });
      // A service that does not offer this path: the framework's 404, as the vendor answers for an unpublished command.
      else if (fault.kind === 'not_found') return frameworkNotFound();
    }
    const vendor = core.options.profile === 'vendor';
    if (vendor && unpublishedCommand(request.method, path)) return frameworkNotFound();
    if (vendor) {
      const issues = await vendorRequestIssues(request, path, url);
      if (issues.length) {
        // The vendor's security dependency answers first: a request without a valid token gets its 401.
        if (path !== '/v1/oauth2/token') core.authenticate(request);
        return validationFailed(issues);
      }
    }
    const match = router.match(request.method, path);
    if (!match) throw notFound(`${request.method} ${path}`);
    let caller: ReturnType<Core['authenticate']> | undefined;
    const ctx: Ctx = { core, request, url, path, caller: () => (caller ??= core.authenticate(request)) };
    const response = await match.handler(ctx, match.params);
    // The request was carried out; its answer is lost on the way back.
    const lost = faults.find((fault) => fault.after);
    if (lost?.kind === 'server_error') throw new ApiError('SERVER_ERROR', 'Injected server error after the request was carried out');
    if (lost?.kind === 'malformed_json')
      return new Response(MALFORMED_JSON, { status: 200, headers: { 'content-type': 'application/json' } });
    return vendor ? vendorResponse(request.method, path, response) : response;
  }

  return async function handle(request: Request): Promise<Response> {
    const core = getCore();
    const requestId = `req_${randomBytes(10).toString('hex')}`;
    let response: Response;
    try {
      response = await dispatch(request, core);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError('SERVER_ERROR', 'An unexpected error occurred');
      if (!(error instanceof ApiError)) console.error(`[sandbox] ${requestId}`, error);
      response = json(errorBody(apiError, requestId, core.now()), apiError.status, apiError.headers);
    }
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  };
}
