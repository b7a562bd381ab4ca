// Helpers shared by `npm start` and `npm test`. Node built-ins only: they run before
// dependencies are installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { completeStandalone } from './standalone.mjs';

export const root = process.cwd();
export const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const SOURCE_ROOTS = [
  'app',
  'components',
  'lib',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.js',
  'postcss.config.mjs',
  'tsconfig.json',
  'package-lock.json',
];
const SKIPPED_DIRS = new Set(['node_modules', '.next', '.data', 'test-results', '.git']);

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(entry) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) {
    if (SKIPPED_DIRS.has(child)) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** Dependencies are missing, or the lockfile changed since the last install. */
export function dependenciesStale() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  return !existsSync(marker) || mtime(path.join(root, 'package-lock.json')) > mtime(marker);
}

/** The production build is missing or older than any source it is made from. */
export function buildStale() {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!existsSync(buildId) || !existsSync(standaloneServer())) return true;
  const built = mtime(buildId);
  return SOURCE_ROOTS.some((entry) => newestMtime(path.join(root, entry)) > built);
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  return result.status ?? 1;
}

/**
 * The checks that read the sources and change none: `npm test` and `npm run check` run them side by
 * side. Like tsc's incremental build info, ESLint and Prettier keep what they found per file (by its
 * content) under node_modules/.cache, so a run after a small change reads only what changed; a fresh
 * clone has no cache and checks everything.
 */
export const STATIC_CHECKS = [
  ['typecheck', bin('tsc'), ['--noEmit']],
  [
    'lint',
    bin('eslint'),
    ['--max-warnings', '0', '--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/', '.'],
  ],
  [
    'format',
    bin('prettier'),
    ['--check', '--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/prettier/cache', '.'],
  ],
  ['knip', bin('knip'), []],
];

/**
 * Runs the static checks at once (route types generated first: tsc reads them). Each one's
 * output is printed whole when it ends, so they never interleave. Resolves to each one's
 * name, success and minutes.
 */
export async function runStaticChecks() {
  // Route types (PageProps, RouteContext) are generated, not committed.
  run(bin('next'), ['typegen'], { env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  console.log(`\n▶ ${STATIC_CHECKS.map(([name]) => name).join(', ')} (side by side)`);
  return Promise.all(
    STATIC_CHECKS.map(async ([name, command, args]) => {
      const since = performance.now();
      const { status, output } = await runCaptured(command, args);
      const minutes = ((performance.now() - since) / 60_000).toFixed(1);
      console.log(`\n▶ ${name} (${minutes} min)${output.trim() ? `\n${output.trimEnd()}` : ''}`);
      return { name, ok: status === 0, minutes };
    }),
  );
}

/** Runs a command without waiting for it, its stdout and stderr kept together for printing later. */
export function runCaptured(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: root, ...options });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => resolve({ status: 1, output: String(error) }));
    child.on('close', (status) => resolve({ status: status ?? 1, output: Buffer.concat(chunks).toString() }));
  });
}

/**
 * `npm install` from the committed lockfile rather than `npm ci`: with this machine's npm
 * settings (no registry addresses in the lockfile) npm leaves other platforms' optional native
 * packages out of the lockfile, and `npm ci` then refuses it. `--no-save` keeps the lockfile as
 * committed.
 */
export function installDependencies() {
  console.log('Installing dependencies (npm install from the lockfile)…');
  const status = run('npm', ['install', '--no-save', '--no-audit', '--no-fund'], {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (status !== 0) throw new Error('npm install failed');
}

export function build(env = process.env) {
  console.log('Building the console (next build)…');
  const status = run(bin('next'), ['build'], { env: { NEXT_TELEMETRY_DISABLED: '1', ...env } });
  if (status !== 0) throw new Error('next build failed');
  completeStandalone(root);
}

export async function waitForHealth(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}

/** The production server: `next build` with `output: 'standalone'` writes it (scripts/standalone.mjs completes it). */
export const standaloneServer = () => path.join(root, '.next', 'standalone', 'server.js');

/**
 * `npm start` and the end-to-end server serve the standalone artifact, as a deployment does
 * (`next start` warns that it does not support `output: 'standalone'`); `npm run dev` runs
 * `next dev`. Both leave SIGTERM to the console, which drains and exits 0 (lib/ops/drain.ts).
 */
export function spawnServer(command, port, env) {
  const [executable, args, extra] =
    command === 'dev'
      ? [bin('next'), serverArgs('dev', port, env), { HOSTNAME: listenHost(env) ?? '::' }]
      : [process.execPath, [standaloneServer()], { NEXT_MANUAL_SIG_HANDLE: 'true', ...standaloneEnv(port, env) }];
  const child = spawn(executable, args, { stdio: 'inherit', cwd: root, env: { NEXT_TELEMETRY_DISABLED: '1', ...env, ...extra } });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => child.kill(signal));
  }
  return child;
}

const TRUE_VALUES = new Set(['true', '1']);

/**
 * The address `npm start` binds. The demo (no VEHICLE_API_BASE_URL: the embedded sandbox and demo
 * users with a published password) listens on loopback only unless DEMO_PUBLIC opts in; a
 * configured deployment listens on every interface as before. Undefined: Next's default (all).
 * The server itself refuses a demo on any other address (lib/auth/demo-exposure.ts), so this only
 * picks the address that works; lib/env.ts validates DEMO_PUBLIC once the server starts.
 */
export function listenHost(environment) {
  const demo = !environment.VEHICLE_API_BASE_URL?.trim();
  const demoPublic = TRUE_VALUES.has(environment.DEMO_PUBLIC?.trim() ?? '');
  return demo && !demoPublic ? '127.0.0.1' : undefined;
}

/** `next start` / `next dev` arguments for a port and the address above. */
export function serverArgs(command, port, environment) {
  const host = listenHost(environment);
  return [command, '-p', port, ...(host ? ['-H', host] : [])];
}

/**
 * The standalone server's settings for a port and the address above: it reads PORT and HOSTNAME
 * (all interfaces unless the demo keeps to loopback), and runs from `.next/standalone`, so a
 * relative DATA_DIR is made absolute to keep the embedded database in the checkout's `.data`.
 */
export function standaloneEnv(port, environment) {
  return {
    // Idle keep-alive sockets outlive a load balancer's (60 s is common): with Node's 5 s default,
    // a client reusing a socket just as the server closes it gets ECONNRESET instead of an answer.
    KEEP_ALIVE_TIMEOUT: environment.KEEP_ALIVE_TIMEOUT?.trim() || '65000',
    PORT: String(port),
    // '::' takes IPv6 and IPv4 alike, as `next start` did; '0.0.0.0' would refuse [::1].
    HOSTNAME: listenHost(environment) ?? '::',
    DATA_DIR: path.resolve(root, environment.DATA_DIR?.trim() || '.data'),
  };
}
