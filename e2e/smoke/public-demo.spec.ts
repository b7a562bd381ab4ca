import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '../fixtures/test';

/**
 * Issue 26 M1: the demo (no VEHICLE_API_BASE_URL, demo users with the published password) never
 * serves on an address the network can reach unless DEMO_PUBLIC=true, whatever starts the server:
 * here the standalone server.js as the image runs it (HOSTNAME=0.0.0.0).
 */
const PORT = Number(process.env.E2E_PUBLIC_DEMO_PORT ?? 3170);

test('the production server refuses to start a public demo, saying why', async () => {
  const child = spawn(process.execPath, [path.join('.next', 'standalone', 'server.js')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(PORT),
      HOSTNAME: '0.0.0.0',
      VEHICLE_API_BASE_URL: '',
      DEMO_PUBLIC: '',
      DATA_DIR: path.resolve('.data', `e2e-public-demo-${PORT}`),
    },
  });
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(exitCode).toBe(1);
  expect(stderr.join('')).toContain('Refusing to start the demo on 0.0.0.0');
  expect(stderr.join('')).toContain('DEMO_PUBLIC=true');
});
