import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '../fixtures/test';

/**
 * Issue 34 item 8: the wrapper benchmark's bare route (app/api/bench/o/[org]/vehicles) is not a
 * production route. Served by the production build it answers 404 (render-home.spec.ts), and a
 * production server asked to open it refuses to start, naming the setting.
 */
const PORT = Number(process.env.E2E_BENCH_REFUSAL_PORT ?? 3171);

test('the production server refuses to start with the benchmark routes on, naming BENCH_ROUTES', async () => {
  const child = spawn(process.execPath, [path.join('.next', 'standalone', 'server.js')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(PORT),
      HOSTNAME: '127.0.0.1',
      BENCH_ROUTES: 'true',
      DATA_DIR: path.resolve('.data', `e2e-bench-refusal-${PORT}`),
    },
  });
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(exitCode).toBe(1);
  expect(stderr.join('')).toContain('BENCH_ROUTES');
  expect(stderr.join('')).toContain('must not be set in production');
});
