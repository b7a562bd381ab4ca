import 'server-only';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Graceful shutdown of a server process. Next's HTTP server is not ours to hold, so requests are
 * followed through Node's public `http.server.request.start` channel: it names the server (which
 * the drain closes) and each response (counted until it closes). State lives on globalThis because
 * instrumentation and route handlers are separate bundles of one process.
 */
type DrainState = {
  draining: boolean;
  inFlight: number;
  servers: Set<Server>;
  tracking: boolean;
  signalled: boolean;
};

const state = ((globalThis as { __motorpoolDrain?: DrainState }).__motorpoolDrain ??= {
  draining: false,
  inFlight: 0,
  servers: new Set(),
  tracking: false,
  signalled: false,
});

type RequestStart = { request: IncomingMessage; response: ServerResponse; server: Server };

/** True once a shutdown has begun: /api/ready answers 503 so load balancers stop sending. */
export function isDraining(): boolean {
  return state.draining;
}

/** Requests whose response has not closed yet. */
export function requestsInFlight(): number {
  return state.inFlight;
}

/** Starts following requests (once per process). */
export function trackRequests(): void {
  if (state.tracking) return;
  state.tracking = true;
  subscribe('http.server.request.start', (message) => {
    const { response, server } = message as RequestStart;
    if (!state.servers.has(server)) {
      state.servers.add(server);
      server.once('close', () => state.servers.delete(server));
    }
    state.inFlight += 1;
    // A request that still arrives on a kept-alive connection is served, and its connection closed.
    if (state.draining && !response.headersSent) response.setHeader('Connection', 'close');
    response.once('close', () => {
      state.inFlight -= 1;
    });
  });
}

export interface DrainOptions {
  /** How long requests in flight may take to finish. */
  timeoutMs: number;
  /** Runs once no request is in flight (or the time is up): stop jobs, close the database. */
  close: () => Promise<void>;
  pollMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops taking connections, waits for the requests in flight (at most `timeoutMs`), cuts what is
 * left, then runs `close`. Resolves with the number of requests cut short.
 */
export async function drain({ timeoutMs, close, pollMs = 25 }: DrainOptions): Promise<{ abandoned: number }> {
  state.draining = true;
  for (const server of state.servers) server.close();
  const deadline = Date.now() + timeoutMs;
  while (state.inFlight > 0 && Date.now() < deadline) {
    // Connections that finished their request since are idle now: close them too.
    for (const server of state.servers) server.closeIdleConnections();
    await sleep(pollMs);
  }
  const abandoned = state.inFlight;
  for (const server of state.servers) server.closeAllConnections();
  await close();
  return { abandoned };
}

/**
 * On SIGTERM or SIGINT: drain, then exit 0 (a drain that had to cut requests short still exits
 * 0: the process did what it was asked). A second signal is ignored; the drain is bounded.
 */
export function installSignalDrain(options: DrainOptions & { exit?: (code: number) => void; log?: (message: string) => void }): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const log = options.log ?? ((message: string) => console.log(message));
  const onSignal = (signal: NodeJS.Signals) => {
    if (state.signalled) return;
    state.signalled = true;
    log(`${signal}: draining (${state.inFlight} requests in flight, at most ${options.timeoutMs} ms)`);
    drain(options).then(
      ({ abandoned }) => {
        log(abandoned > 0 ? `drained: ${abandoned} requests cut short; database closed` : 'drained; database closed');
        exit(0);
      },
      (error: unknown) => {
        console.error('shutdown failed', error);
        exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
