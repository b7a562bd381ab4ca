import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { signInOverApi, waitForHealth } from '../fixtures/console-process';
import { expect, test } from '../fixtures/test';
import { DEMO_PASSWORD, demoEmail } from '../fixtures/roles';
import { spawnConsole } from '../fixtures/second-console';

/**
 * Issue 14, OpenTelemetry: its own production server (the standalone artifact) with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver in this test. A BFF request's span
 * arrives named by its route template with its request id, the upstream call it made arrives with
 * the Vehicle API path template and status, and no Authorization value, token or password is in
 * anything exported: neither a link's token in the path (invitation, password reset) nor a secret in
 * a query string.
 */
const PORT = Number(process.env.E2E_OPS_PORT ?? 3160) + 3;
const RECEIVER_PORT = PORT + 1;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = path.join('.data', `e2e-traces-${PORT}`);
const METRICS_TOKEN = 'e2e-traces-metrics-token-0123456789';
const REQUEST_ID = 'e2e-trace-request-0001';
// Made up, in the shape the links carry (32 random bytes in base64url), so nothing matches them.
const INVITE_TOKEN = 'e2eInviteTokenInTheUrlPath0123456789abcdefg';
const RESET_TOKEN = 'e2eResetTokenInTheUrlPath_0123456789-abcdef';
const QUERY_SECRET = 'e2e-query-secret-Zm9vYmFyYmF6cXV4';
const STATE_SECRET = 'e2e-connect-state-c2VjcmV0LXN0YXRl';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

type Attribute = { key: string; value: { stringValue?: string; intValue?: string | number } };
type Span = { name: string; attributes?: Attribute[] };
type ExportRequest = { resourceSpans?: { scopeSpans?: { spans?: Span[] }[] }[] };

const bodies: string[] = [];
const spans = () =>
  bodies.flatMap((body) =>
    ((JSON.parse(body) as ExportRequest).resourceSpans ?? []).flatMap((r) => (r.scopeSpans ?? []).flatMap((s) => s.spans ?? [])),
  );
const attributes = (span: Span) =>
  Object.fromEntries((span.attributes ?? []).map(({ key, value }) => [key, value.stringValue ?? Number(value.intValue)]));

let receiver: Server | undefined;
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') bodies.push(Buffer.concat(chunks).toString());
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(RECEIVER_PORT, '127.0.0.1', resolve));

  rmSync(DATA_DIR, { recursive: true, force: true });
  const output: string[] = [];
  server = spawnConsole({ port: PORT, origin: BASE }, DATA_DIR, {
    server: 'standalone',
    host: '127.0.0.1',
    detached: true,
    pipe: true,
    env: {
      METRICS_TOKEN,
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${RECEIVER_PORT}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Export every 200 ms rather than every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '200',
    },
  });
  server.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await waitForHealth(BASE, server, () => output.join(''));
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  await new Promise((resolve) => receiver?.close(resolve));
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test('a BFF request and its upstream call arrive as spans, with templates and ids and no secret', async () => {
  const api = await signInOverApi(BASE, demoEmail('manager'), DEMO_PASSWORD);
  // The token the sign-in posted (next-auth keeps one per browser in its csrf cookie).
  const { csrfToken } = (await (await api.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const vehicles = await api.get('/api/o/demo/vehicles?pageSize=5', { headers: { 'x-request-id': REQUEST_ID } });
  expect(vehicles.ok()).toBe(true);
  // A request that carries a secret in its Authorization header.
  const scraped = await fetch(`${BASE}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(scraped.status).toBe(200);
  // Secrets that ride in the URL: a link's token in the path, a state or code in the query.
  for (const url of [
    `/invite/${INVITE_TOKEN}`,
    `/reset-password/${RESET_TOKEN}?foo=${QUERY_SECRET}`,
    `/connect/return?state=${STATE_SECRET}`,
  ]) {
    expect((await fetch(`${BASE}${url}`)).status).toBeLessThan(500);
  }

  await expect.poll(() => spans().find((s) => attributes(s)['motorpool.request_id'] === REQUEST_ID), { timeout: 30_000 }).toBeDefined();
  const bff = spans().find((s) => attributes(s)['motorpool.request_id'] === REQUEST_ID)!;
  expect(attributes(bff)).toMatchObject({ 'http.route': '/api/o/[org]/vehicles', 'http.response.status_code': 200 });

  await expect.poll(() => spans().find((s) => s.name === 'GET /v1/vehicles'), { timeout: 30_000 }).toBeDefined();
  const upstream = spans().find((s) => s.name === 'GET /v1/vehicles')!;
  expect(attributes(upstream)).toMatchObject({
    'http.request.method': 'GET',
    'url.template': '/v1/vehicles',
    'http.response.status_code': 200,
    'motorpool.upstream.request_id': expect.any(String),
  });

  await expect.poll(() => spans().find((s) => Object.values(attributes(s)).includes('/api/metrics')), { timeout: 30_000 }).toBeDefined();
  // Each page's request span arrives, its target without the token or the query.
  for (const [route, target] of [
    ['/invite/[token]', '/invite/[redacted]'],
    ['/reset-password/[token]', '/reset-password/[redacted]'],
    ['/connect/return', '/connect/return'],
  ]) {
    await expect.poll(() => spans().find((s) => attributes(s)['http.route'] === route), { timeout: 30_000 }).toBeDefined();
    expect(attributes(spans().find((s) => attributes(s)['http.route'] === route)!)['http.target']).toBe(target);
  }

  const exported = bodies.join('\n');
  const cookies = (await api.storageState()).cookies.map((cookie) => cookie.value).filter((value) => value.length >= 16);
  expect(cookies.length).toBeGreaterThan(0);
  for (const secret of [METRICS_TOKEN, DEMO_PASSWORD, csrfToken, ...cookies, INVITE_TOKEN, RESET_TOKEN, QUERY_SECRET, STATE_SECRET]) {
    expect(exported).not.toContain(secret);
  }
  expect(exported.toLowerCase()).not.toContain('bearer');
  expect(exported.toLowerCase()).not.toContain('"authorization"');
  await api.dispose();
});
