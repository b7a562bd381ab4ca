/**
 * Vehicle API client figures: (1) token requests for 500 concurrent calls on a cold cache,
 * (2) client overhead per call against the in-process sandbox and over loopback HTTP, next to a
 * bare fetch of the same URL with a pre-fetched token, (3) upstream calls for 100 identical
 * concurrent GETs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSandbox, type Sandbox } from '@/lib/sandbox';
import type { FetchLike } from '@/lib/vehicle-api/client';
import { sandboxApi } from './support/sandbox-api';
import { median, quantile } from './support/stats';

const WARMUP = 200;
const SAMPLES = 2_000;
// Formats each line as the real logger would, without flooding the bench output.
const silentLogger = (entry: object) => void JSON.stringify(entry);

function counting(fetch: FetchLike) {
  const counts = new Map<string, number>();
  const wrapped: FetchLike = (input, init) => {
    const key = `${init.method ?? 'GET'} ${new URL(input).pathname}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return fetch(input, init);
  };
  return { fetch: wrapped, count: (key: string) => counts.get(key) ?? 0, total: () => [...counts.values()].reduce((a, b) => a + b, 0) };
}

/** Interleaves the two runs, alternating which goes first, so drift (JIT, GC, pools) hits both alike. */
async function measurePair(a: () => Promise<unknown>, b: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) {
    await a();
    await b();
  }
  const times = { a: [] as number[], b: [] as number[] };
  const timed = async (run: () => Promise<unknown>, into: number[]) => {
    const started = performance.now();
    await run();
    into.push(performance.now() - started);
  };
  for (let i = 0; i < SAMPLES; i++) {
    if (i % 2 === 0) {
      await timed(a, times.a);
      await timed(b, times.b);
    } else {
      await timed(b, times.b);
      await timed(a, times.a);
    }
  }
  const stats = (values: number[]) => ({ median: median(values), p99: quantile(values, 0.99) });
  return { a: stats(times.a), b: stats(times.b) };
}

const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

function makeApi(sandbox: Sandbox, fetch: FetchLike, baseUrl: string, extra: { coalesceReads?: boolean } = {}) {
  return sandboxApi(sandbox, { fetch, baseUrl, logger: silentLogger, ...extra });
}

async function bareToken(sandbox: Sandbox, fetch: FetchLike, baseUrl: string): Promise<string> {
  const org = sandbox.organizations[0];
  const response = await fetch(`${baseUrl}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${org.clientId}:${org.clientSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function overhead(label: string, sandbox: Sandbox, fetch: FetchLike, baseUrl: string, vehicleId: string) {
  const api = makeApi(sandbox, fetch, baseUrl);
  const token = await bareToken(sandbox, fetch, baseUrl);
  const url = `${baseUrl}/v1/vehicles/${vehicleId}`;
  const bareCall = async () => {
    const response = await fetch(url, { method: 'GET', headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    if (response.status !== 200) throw new Error(`bare fetch: HTTP ${response.status}`);
    return response.json();
  };
  const { a: client, b: bare } = await measurePair(() => api.getVehicle(vehicleId), bareCall);
  console.log(`(2) ${label}: client getVehicle median ${us(client.median)}, p99 ${us(client.p99)} per call`);
  console.log(`(2) ${label}: bare fetch median ${us(bare.median)}, p99 ${us(bare.p99)} per call`);
  console.log(
    `(2) ${label}: ratio client/bare median ${(client.median / bare.median).toFixed(2)}x, p99 ${(client.p99 / bare.p99).toFixed(2)}x; overhead median ${us(client.median - bare.median)} per call (${SAMPLES} sequential calls each, interleaved, after ${WARMUP} warm-up)`,
  );
}

export default async function clientBench(): Promise<void> {
  const sandbox = createSandbox({ seed: 1, vehiclesPerOrg: 30 });
  const org = sandbox.organizations[0];
  const fixtures = sandbox.fixtures(org.id);
  const base = 'http://sandbox.local';

  // (1) Coalescing off so that every one of the 500 calls really goes upstream and needs a token.
  {
    const counter = counting(sandbox.fetch as FetchLike);
    const api = makeApi(sandbox, counter.fetch, base, { coalesceReads: false });
    const { data: page } = await makeApi(sandbox, sandbox.fetch as FetchLike, base).listVehicles({ maxPageSize: 30 });
    const ids = page.results.map((v) => v.id);
    const results = await Promise.all(Array.from({ length: 500 }, (_, i) => api.getVehicle(ids[i % ids.length])));
    const failed = results.filter((r) => r.status !== 200).length;
    console.log(
      `(1) 500 concurrent calls on a cold token cache: ${counter.count('POST /v1/oauth2/token')} token request(s), ${counter.total() - counter.count('POST /v1/oauth2/token')} API calls, ${failed} failed`,
    );
  }

  // (2) In-process transport, then the same handler over loopback HTTP.
  await overhead('in-process', sandbox, sandbox.fetch as FetchLike, base, fixtures.onlineListeningVehicleId);
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const response = await sandbox.handle(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const httpBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await overhead('loopback HTTP', sandbox, globalThis.fetch as FetchLike, httpBase, fixtures.onlineListeningVehicleId);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  // (3) Token warmed first, so the count is of the GET alone.
  {
    const counter = counting(sandbox.fetch as FetchLike);
    const api = makeApi(sandbox, counter.fetch, base);
    await api.testToken();
    const path = `/v1/vehicles/${fixtures.onlineListeningVehicleId}/telemetry`;
    const results = await Promise.all(Array.from({ length: 100 }, () => api.getTelemetry(fixtures.onlineListeningVehicleId)));
    const distinct = new Set(results.map((r) => r.data)).size;
    console.log(`(3) 100 identical concurrent GETs: ${counter.count(`GET ${path}`)} upstream call(s), ${distinct} distinct result objects`);
  }
}
