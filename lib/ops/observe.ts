import 'server-only';
import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import { API_PREFIX } from '@/lib/contract/vehicle-api';
import { env } from '@/lib/env';
import type { VehicleApiLogger } from '@/lib/vehicle-api/log';
import { logger } from './log';
import { metrics } from './metrics';

type Params = Record<string, string | string[] | undefined>;

/**
 * The route's template from a request's path and its params, in route order:
 * `/api/o/demo/vehicles/V1` with `{org: 'demo', vehicleId: 'V1'}` is `/api/o/[org]/vehicles/[vehicleId]`.
 * Each param replaces the first matching segment after the previous one, so an organization
 * named like a later literal segment does not blur it (a param whose value equals a literal
 * segment before its own place still can: worked out per request, it mislabels only that one).
 */
export function routeTemplate(pathname: string, params: Params): string {
  const segments = pathname.split('/');
  let from = 0;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue;
    // Next decodes params, so a segment is compared decoded (`%61cme` is the param `acme`).
    const at = segments.findIndex((segment, i) => i >= from && (segment === value || decoded(segment) === value));
    // The caller's own text must never become a label (one metric series each): a fixed one instead.
    if (at < 0) return UNMATCHED_ROUTE;
    segments[at] = `[${name}]`;
    from = at + 1;
  }
  return segments.join('/');
}

const UNMATCHED_ROUTE = '[unmatched]';

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const metricsEnabled = (): boolean => env().METRICS_TOKEN !== undefined;

/**
 * One log line (info) and one histogram observation per BFF request. With the level above info
 * and no METRICS_TOKEN it does nothing but two flag reads: the wrapper's hot path stays bare.
 */
export function observeBffRequest(
  request: Request,
  params: Params,
  response: Response,
  startedAt: number,
  organizationId: string | undefined,
): void {
  const log = logger();
  const logging = log.isLevelEnabled('info');
  const measuring = metricsEnabled();
  // Next's span of this request, when tracing is on (lib/ops/tracing.ts).
  const span = trace.getActiveSpan();
  const tracing = span?.isRecording() === true;
  if (!logging && !measuring && !tracing) return;
  // A NextRequest has its URL parsed already.
  const pathname = 'nextUrl' in request ? (request as { nextUrl: URL }).nextUrl.pathname : new URL(request.url).pathname;
  const route = routeTemplate(pathname, params);
  const durationMs = performance.now() - startedAt;
  if (measuring) metrics().bffDuration.observe({ route, method: request.method, status: response.status }, durationMs / 1000);
  if (!logging && !tracing) return;
  // An error answer names its request id already (lib/bff/error-response.ts): the log line keeps it.
  const incoming = response.headers.get('x-request-id') ?? request.headers.get('x-request-id');
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  try {
    response.headers.set('x-request-id', requestId);
  } catch {
    // A response with immutable headers keeps its own.
  }
  if (tracing)
    span!.setAttributes({
      'http.route': route,
      'http.response.status_code': response.status,
      'motorpool.request_id': requestId,
      ...(organizationId ? { 'motorpool.organization_id': organizationId } : {}),
    });
  if (!logging) return;
  log.info(
    {
      event: 'bff.request',
      method: request.method,
      route,
      org: organizationId,
      status: response.status,
      durationMs: Math.round(durationMs * 100) / 100,
      requestId,
    },
    'bff request',
  );
}

const TOKEN_PATH = `${API_PREFIX}/oauth2/token`;

/**
 * The client's per-call hook: counts every upstream attempt (and token requests) when metrics are
 * on, and writes one line per call at debug (at info with LOG_UPSTREAM). The client skips building
 * the entry when neither is wanted.
 */
export function createUpstreamObserver(): VehicleApiLogger {
  const atInfo = env().LOG_UPSTREAM;
  const observe: VehicleApiLogger = (entry) => {
    if (metricsEnabled()) {
      const m = metrics();
      m.upstreamCalls.inc({ endpoint: `${entry.method} ${entry.path}`, status: entry.status });
      if (entry.path === TOKEN_PATH) m.tokenRequests.inc({ status: entry.status });
    }
    const log = logger();
    if (atInfo) log.info(entry, 'upstream call');
    else log.debug(entry, 'upstream call');
  };
  observe.enabled = () => metricsEnabled() || logger().isLevelEnabled(atInfo ? 'info' : 'debug');
  return observe;
}

/**
 * A command this process saw settle (its update moved it off PENDING). Two instances answering
 * for the same execution in the same instant may both count it; the sum is an upper bound.
 */
export function countCommandOutcome(outcome: string): void {
  if (metricsEnabled()) metrics().commandOutcomes.inc({ outcome });
}
