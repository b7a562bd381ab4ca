/**
 * For benchmarks: the production build served against a standalone sandbox over loopback HTTP,
 * with a signed-in admin of the organization made from VEHICLE_API_* (slug `fleet`).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSandbox, type Sandbox, type SandboxOptions } from '@/lib/sandbox';
import { serve } from '@/lib/sandbox/node-server';

export type BenchConsole = {
  base: string;
  sandbox: Sandbox;
  cookie: string;
  /** CPU time (user + system, ms) the console's server process has used so far. */
  serverCpuMs: () => number;
  /** Times (performance.now()) of the upstream requests whose "METHOD path" matches. */
  upstreamCalls: (pattern: RegExp) => number[];
  stop: () => Promise<void>;
};

export const hasBuild = () => existsSync(path.join('.next', 'BUILD_ID'));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

export async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url}`);
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** utime + stime of a process from /proc (Linux), in milliseconds. */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND) * 1000;
}

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(';')[0]);

/** Signs in through next-auth's credentials flow; returns the Cookie header of the session. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: jar.join('; ') },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true' }),
  });
  const session = cookiesOf(response).find((c) => c.startsWith('next-auth.session-token='));
  if (!session) throw new Error(`sign-in failed (${response.status})`);
  return [...jar, session].join('; ');
}

export type RecordingSandbox = {
  sandbox: Sandbox;
  url: string;
  /** Times (performance.now()) of the requests since `since` whose "METHOD path" matches. */
  calls: (pattern: RegExp, since?: number) => number[];
  close: () => Promise<void>;
};

/** The sandbox served over loopback HTTP, recording when each request came and its "METHOD path". */
export async function serveRecordingSandbox(options: SandboxOptions = {}): Promise<RecordingSandbox> {
  const sandbox = createSandbox({ seed: 42, vehiclesPerOrg: 240, ...options });
  const seen: { at: number; line: string }[] = [];
  const upstream = await serve(
    (request) => {
      seen.push({ at: performance.now(), line: `${request.method} ${new URL(request.url).pathname}` });
      return sandbox.handle(request);
    },
    { port: 0 },
  );
  return {
    sandbox,
    url: upstream.url,
    calls: (pattern, since = 0) => seen.filter((s) => s.at >= since && pattern.test(s.line)).map((s) => s.at),
    close: () => upstream.close(),
  };
}

export const BENCH_ADMIN = { email: 'bench@example.com', password: 'bench-password-123' };

/** A production console at `base` on the recording sandbox's first organization, with BENCH_ADMIN as its admin. */
export function benchConsoleEnv(base: string, upstream: RecordingSandbox, env: Record<string, string>): NodeJS.ProcessEnv {
  const demo = upstream.sandbox.organizations[0];
  return {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: new URL(base).port,
    APP_URL: base,
    NEXTAUTH_URL: base,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    VEHICLE_API_BASE_URL: upstream.url,
    VEHICLE_API_CLIENT_ID: demo.clientId,
    VEHICLE_API_CLIENT_SECRET: demo.clientSecret,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    ...env,
  };
}

export async function startBenchConsole(options: { sandbox?: SandboxOptions; env?: Record<string, string> } = {}): Promise<BenchConsole> {
  const upstream = await serveRecordingSandbox(options.sandbox);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motorpool-bench-'));
  // `next start` on the checkout rather than the standalone server.js, which forces
  // NODE_ENV=production: the bff benchmark marks its server NODE_ENV=test to open BENCH_ROUTES.
  // (`next start` warns about `output: 'standalone'` and serves the same build.)
  const child = spawn(path.join('node_modules', '.bin', 'next'), ['start', '-p', String(port)], {
    stdio: 'ignore',
    env: benchConsoleEnv(base, upstream, { DATA_DIR: dataDir, ...options.env }),
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await upstream.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/health`, child);
    const cookie = await signIn(base, BENCH_ADMIN.email, BENCH_ADMIN.password);
    return {
      base,
      sandbox: upstream.sandbox,
      cookie,
      serverCpuMs: () => processCpuMs(child.pid!),
      upstreamCalls: (pattern) => upstream.calls(pattern),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
