import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '../fixtures/test';

/**
 * Settings a production server refuses at start, saying why, whatever starts it (here the
 * standalone server.js, as the image runs it): it exits 1 before serving anything.
 */
const PORT = Number(process.env.E2E_REFUSAL_PORT ?? 3170);

async function startRefused(env: Record<string, string>): Promise<{ exitCode: number | null; stderr: string }> {
  const child = spawn(process.execPath, [path.join('.next', 'standalone', 'server.js')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(PORT),
      DATA_DIR: path.resolve('.data', `e2e-refusal-${PORT}`),
      ...env,
    },
  });
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { exitCode, stderr: stderr.join('') };
}

test.describe.configure({ mode: 'serial' });

// Issue 26 M1: the demo (no VEHICLE_API_BASE_URL, demo users with the published password) never
// serves on an address the network can reach unless DEMO_PUBLIC=true.
test('a demo on 0.0.0.0 without DEMO_PUBLIC, saying why and how to go on', async () => {
  const { exitCode, stderr } = await startRefused({ HOSTNAME: '0.0.0.0', VEHICLE_API_BASE_URL: '', DEMO_PUBLIC: '' });
  expect(exitCode).toBe(1);
  expect(stderr).toContain('Refusing to start the demo on 0.0.0.0');
  expect(stderr).toContain('DEMO_PUBLIC=true');
});

// Issue 34 item 8: the wrapper benchmark's bare route (app/api/bench/o/[org]/vehicles) is not a
// production route. Served by the production build it answers 404 (render-home.spec.ts).
test('the benchmark routes on, naming BENCH_ROUTES', async () => {
  const { exitCode, stderr } = await startRefused({ HOSTNAME: '127.0.0.1', BENCH_ROUTES: 'true' });
  expect(exitCode).toBe(1);
  expect(stderr).toContain('BENCH_ROUTES');
  expect(stderr).toContain('must not be set in production');
});
