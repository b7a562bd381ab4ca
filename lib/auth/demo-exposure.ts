import { isIPv4, isIPv6 } from 'node:net';
import type { Env } from '@/lib/env';

/** The demo users' password, printed by `npm start` and the README: anyone may know it. */
export const PUBLISHED_DEMO_PASSWORD = 'demo-password';

type Exposure = Pick<Env, 'VEHICLE_API_BASE_URL' | 'DEMO_PUBLIC' | 'HOSTNAME'>;

/**
 * Whether the address the server binds (HOSTNAME, which the standalone server.js listens on,
 * '0.0.0.0' when unset) is reachable from this machine only.
 */
export function bindsLoopbackOnly(hostname: string | undefined): boolean {
  const host = (hostname ?? '')
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  if (host === 'localhost') return true;
  if (isIPv4(host)) return host.startsWith('127.');
  if (isIPv6(host)) return host === '::1' || /^::ffff:127\./.test(host) || host === '0:0:0:0:0:0:0:1';
  return false;
}

/**
 * The published password signs nobody in on a server the network can reach, whatever started it
 * (`npm start`, `npm run serve`, the image), unless DEMO_PUBLIC says the operator means it.
 */
export function publishedPasswordAllowed(e: Exposure): boolean {
  return e.DEMO_PUBLIC || bindsLoopbackOnly(e.HOSTNAME);
}

/** Why this process must not start: the demo (demo users, published password) open to the network. */
export function publicDemoProblem(e: Exposure): string | undefined {
  if (e.VEHICLE_API_BASE_URL !== undefined || publishedPasswordAllowed(e)) return undefined;
  return [
    `Refusing to start the demo on ${e.HOSTNAME?.trim() || '0.0.0.0 (HOSTNAME unset)'}, an address the network can reach.`,
    `Without VEHICLE_API_BASE_URL, Motorpool seeds admin@demo.test and other demo users whose password ("${PUBLISHED_DEMO_PASSWORD}")`,
    'is published: anyone who can reach this port would be an administrator.',
    'Either listen on loopback only (HOSTNAME=127.0.0.1), configure a real upstream (VEHICLE_API_BASE_URL and its',
    'credentials), or set DEMO_PUBLIC=true to serve the public demo on purpose.',
  ].join('\n');
}
