import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from 'pino';
import { createLogger } from './log';
import { countCommandOutcome, createUpstreamObserver, observeBffRequest, routeTemplate } from './observe';
import { metrics } from './metrics';
import { renderMetrics } from './server/render-metrics';

const METRICS_TOKEN = 'metrics-token-0123456789';
vi.stubEnv('METRICS_TOKEN', METRICS_TOKEN);

function capture(level: string): { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  (globalThis as { __motorpoolLogger?: Logger }).__motorpoolLogger = createLogger(level, stream);
  return { lines };
}
const flush = () => new Promise((resolve) => setImmediate(resolve));
afterEach(() => {
  delete (globalThis as { __motorpoolLogger?: Logger }).__motorpoolLogger;
});

describe('routeTemplate', () => {
  it('names params by position, even when a value reads like a literal segment', () => {
    expect(routeTemplate('/api/o/demo/vehicles/V1/telemetry', { org: 'demo', vehicleId: 'V1' })).toBe(
      '/api/o/[org]/vehicles/[vehicleId]/telemetry',
    );
    expect(routeTemplate('/api/o/vehicles/vehicles/V1', { org: 'vehicles', vehicleId: 'V1' })).toBe('/api/o/[org]/vehicles/[vehicleId]');
    expect(routeTemplate('/api/o/demo/tags/a%20b', { org: 'demo', key: 'a b' })).toBe('/api/o/[org]/tags/[key]');
  });

  it('never lets a caller put path text of its own in the label (unbounded metric series)', () => {
    // Next decodes params; a segment spelled with needless escapes still names the param.
    expect(routeTemplate('/api/o/x%41b/vehicles', { org: 'xAb' })).toBe('/api/o/[org]/vehicles');
    expect(routeTemplate('/api/o/%61cme/vehicles/%56%31', { org: 'acme', vehicleId: 'V1' })).toBe('/api/o/[org]/vehicles/[vehicleId]');
    // A param found nowhere in the path: one fixed label, not the path as sent.
    expect(routeTemplate('/api/o/caller-text-1/vehicles', { org: 'other' })).toBe('[unmatched]');
  });

  it('keeps the series bounded however many distinct paths unauthenticated callers send', async () => {
    for (let i = 0; i < 20; i++) {
      observeBffRequest(
        new Request(`http://x/api/o/x%41${i}/vehicles`),
        { org: `xA${i}` },
        new Response(null, { status: 401 }),
        0,
        undefined,
      );
    }
    const text = await metrics().registry.getSingleMetricAsString('motorpool_bff_request_duration_seconds');
    expect(text).not.toContain('%41');
  });
});

describe('observeBffRequest', () => {
  it('writes one line per request with route template, organization, status, duration and request id', async () => {
    const { lines } = capture('info');
    const response = new Response('{}', { status: 201 });
    const request = new Request('http://x/api/o/demo/vehicles/V9?maxPageSize=5', { headers: { 'x-request-id': 'lb-123' } });
    observeBffRequest(request, { org: 'demo', vehicleId: 'V9' }, response, performance.now() - 12, 'org-uuid');
    await flush();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      event: 'bff.request',
      method: 'GET',
      route: '/api/o/[org]/vehicles/[vehicleId]',
      org: 'org-uuid',
      status: 201,
      requestId: 'lb-123',
    });
    expect(lines[0].durationMs).toBeGreaterThanOrEqual(12);
    expect(JSON.stringify(lines[0])).not.toContain('maxPageSize');
    expect(response.headers.get('x-request-id')).toBe('lb-123');
    // A forged id that is not a plain token is replaced.
    observeBffRequest(
      new Request('http://x/api/o/demo/vehicles/V9', { headers: { 'x-request-id': 'a b' } }),
      {},
      new Response(),
      0,
      undefined,
    );
    await flush();
    expect(lines[1].requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes nothing when the level is above info', async () => {
    const { lines } = capture('warn');
    const response = new Response('{}');
    observeBffRequest(new Request('http://x/api/o/demo/vehicles'), { org: 'demo' }, response, 0, 'org');
    await flush();
    expect(lines).toEqual([]);
    expect(response.headers.get('x-request-id')).toBeNull();
  });
});

describe('logs', () => {
  it('redact tokens, secrets, cookies and authorization wherever they sit', async () => {
    const { lines } = capture('info');
    const { logger } = await import('./log');
    logger().info({
      authorization: 'Bearer top-secret-1',
      headers: { cookie: 'session=top-secret-2', 'set-cookie': 'top-secret-3', 'x-sandbox-admin-token': 'top-secret-4' },
      body: { client_secret: 'top-secret-5', password: 'top-secret-6' },
      accessToken: 'top-secret-7',
      kept: 'visible',
    });
    await flush();
    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/top-secret/);
    expect(text).toContain('[REDACTED]');
    expect(lines[0].kept).toBe('visible');
  });
});

describe('upstream observer and metrics', () => {
  it('logs upstream calls at debug, counts them and token requests, and serves them only with the token', async () => {
    const { lines } = capture('debug');
    const observe = createUpstreamObserver();
    expect(observe.enabled?.()).toBe(true);
    const call = {
      event: 'vehicle_api.call',
      method: 'GET',
      path: '/v1/vehicles/{vehicleId}',
      status: 200,
      durationMs: 3,
      attempt: 1,
    } as const;
    observe(call);
    observe({ ...call, method: 'POST', path: '/v1/oauth2/token' });
    countCommandOutcome('EXECUTED');
    await flush();
    expect(lines.map((l) => [l.level, l.path])).toEqual([
      ['debug', '/v1/vehicles/{vehicleId}'],
      ['debug', '/v1/oauth2/token'],
    ]);
    metrics().bffDuration.observe({ route: '/api/o/[org]/accounts', method: 'GET', status: 200 }, 0.02);

    const waitingWork = async () => ({ 'commands.settle': 2, 'events.apply': 0, 'bulk.run': 7 });
    const pausedBreakers = () => 3;
    expect((await renderMetrics(new Request('http://x/api/metrics'), { token: '', waitingWork, pausedBreakers })).status).toBe(404);
    expect((await renderMetrics(new Request('http://x/api/metrics'), { waitingWork, pausedBreakers })).status).toBe(401);
    expect(
      (
        await renderMetrics(new Request('http://x/api/metrics', { headers: { authorization: 'Bearer wrong' } }), {
          waitingWork,
          pausedBreakers,
        })
      ).status,
    ).toBe(401);
    const ok = await renderMetrics(new Request('http://x/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }), {
      waitingWork,
      pausedBreakers,
    });
    expect(ok.status).toBe(200);
    const text = await ok.text();
    expect(text).toContain('motorpool_upstream_calls_total{endpoint="GET /v1/vehicles/{vehicleId}",status="200"} 1');
    expect(text).toContain('motorpool_token_requests_total{status="200"} 1');
    expect(text).toContain('motorpool_command_outcomes_total{outcome="EXECUTED"} 1');
    expect(text).toContain('motorpool_bff_request_duration_seconds_count{route="/api/o/[org]/accounts",method="GET",status="200"} 1');
    expect(text).toContain('motorpool_breaker_paused_organizations 3');
    expect(text).toContain('motorpool_job_queue_depth{job="commands.settle"} 2');
    expect(text).toContain('motorpool_job_queue_depth{job="bulk.run"} 7');
  });
});
