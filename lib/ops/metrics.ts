import 'server-only';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (prom-client), scraped at /api/metrics. One registry per
 * process on globalThis: instrumentation and route handlers are separate bundles.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'motorpool_' });
  return {
    registry,
    bffDuration: new Histogram({
      name: 'motorpool_bff_request_duration_seconds',
      help: 'Time to answer a /api/o/{org} request, by route template, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
      registers: [registry],
    }),
    upstreamCalls: new Counter({
      name: 'motorpool_upstream_calls_total',
      help: 'Vehicle API calls (attempts), by endpoint template and status (0: no answer)',
      labelNames: ['endpoint', 'status'] as const,
      registers: [registry],
    }),
    tokenRequests: new Counter({
      name: 'motorpool_token_requests_total',
      help: 'Token requests this process made to the Vehicle API, by status (0: no answer)',
      labelNames: ['status'] as const,
      registers: [registry],
    }),
    breakerOpen: new Gauge({
      name: 'motorpool_breaker_paused_organizations',
      help: "Organizations whose Vehicle API calls this process's breaker pauses now",
      registers: [registry],
    }),
    commandOutcomes: new Counter({
      name: 'motorpool_command_outcomes_total',
      help: 'Commands this process saw settle (its update moved them off PENDING), by outcome: EXECUTED, FAILED, TIMED_OUT',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    workWaiting: new Gauge({
      name: 'motorpool_job_queue_depth',
      help: 'Work a background job still has to do, read from the database at scrape time (the same across instances), by job',
      labelNames: ['job'] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const holder = globalThis as { __motorpoolMetrics?: Metrics };

/** The process's metrics, created on first use. */
export function metrics(): Metrics {
  return (holder.__motorpoolMetrics ??= createMetrics());
}
