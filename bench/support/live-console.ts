/**
 * For `npm run bench live`: the production build on the embedded sandbox (no VEHICLE_API_*), on a
 * fresh embedded database, with the sandbox's events switched on for the demo organization (a
 * signing secret saved, so the sandbox pushes `command.updated` to the console's receiver).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, signIn, waitFor } from './console-server';

export const LIVE_ORG = 'demo';
const ADMIN = { email: 'bench-live@example.com', password: 'bench-live-password-123' };

export type LiveConsole = {
  base: string;
  cookie: string;
  /** The sandbox's online, listening vehicle of the demo organization. */
  vehicleId: string;
  /** Resident memory of the console's server process, in bytes (from /proc). */
  rssBytes: () => number;
  stop: () => Promise<void>;
};

export async function startLiveConsole(env: Record<string, string>): Promise<LiveConsole> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'motorpool-bench-live-'));
  const adminToken = randomBytes(24).toString('hex');
  const child = spawn(path.join('node_modules', '.bin', 'next'), ['start', '-p', String(port), '-H', '127.0.0.1'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The demo refuses to listen where the network could reach its published passwords.
      HOSTNAME: '127.0.0.1',
      NEXT_TELEMETRY_DISABLED: '1',
      APP_URL: base,
      NEXTAUTH_URL: base,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      VEHICLE_API_BASE_URL: '',
      VEHICLE_API_CLIENT_ID: '',
      VEHICLE_API_CLIENT_SECRET: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SANDBOX_ADMIN_TOKEN: adminToken,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/health`, child, 120_000);
    const cookie = await signIn(base, ADMIN.email, ADMIN.password);
    const headers = { Cookie: cookie, Origin: base, 'Content-Type': 'application/json' };
    const stepped = await fetch(`${base}/api/o/${LIVE_ORG}/profile/step-up`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ password: ADMIN.password }),
    });
    if (!stepped.ok) throw new Error(`step-up answered ${stepped.status}: ${await stepped.text()}`);
    // Events on: what the vendor's portal does when the secret is entered there.
    const secret = await fetch(`${base}/api/o/${LIVE_ORG}/settings/webhook`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ secret: `whsec_${randomBytes(24).toString('base64')}` }),
    });
    if (!secret.ok) throw new Error(`saving the signing secret answered ${secret.status}: ${await secret.text()}`);
    const organizations = (await (
      await fetch(`${base}/sandbox/_admin/organizations`, { headers: { 'x-sandbox-admin-token': adminToken } })
    ).json()) as { organizations: { fixtures: { onlineListeningVehicleId: string } }[] };
    return {
      base,
      cookie,
      vehicleId: organizations.organizations[0].fixtures.onlineListeningVehicleId,
      rssBytes: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Opens the organization's live stream `count` times over plain HTTP (one socket each, no agent),
 * resolving once each has answered its headers. Returns how many answered 200 and a closer.
 */
export async function openPlainStreams(
  base: string,
  cookie: string,
  count: number,
): Promise<{ open: number; refused: number; close: () => void }> {
  const url = new URL(`${base}/api/o/${LIVE_ORG}/live`);
  const requests: ReturnType<typeof request>[] = [];
  let open = 0;
  let refused = 0;
  const BATCH = 50;
  for (let i = 0; i < count; i += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, count - i) }, () => {
        return new Promise<void>((resolve) => {
          const req = request(
            { host: url.hostname, port: url.port, path: url.pathname, agent: false, headers: { Cookie: cookie } },
            (res) => {
              if (res.statusCode === 200) open += 1;
              else refused += 1;
              res.resume();
              resolve();
            },
          );
          req.on('error', () => {
            refused += 1;
            resolve();
          });
          req.end();
          requests.push(req);
        });
      }),
    );
  }
  return { open, refused, close: () => requests.forEach((req) => req.destroy()) };
}
