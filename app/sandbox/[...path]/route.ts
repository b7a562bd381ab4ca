import { timingSafeEqual } from 'node:crypto';
import { env, usesEmbeddedSandbox } from '@/lib/env';
import { getEmbeddedSandbox } from '@/lib/sandbox';
import { isSandboxAdminPath, sandboxPath } from '@/lib/sandbox/path';

const notFound = () => new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });

/** The sandbox's admin API (faults, resets, credentials) opens only to the configured token. */
function adminAllowed(request: Request): boolean {
  const expected = env().SANDBOX_ADMIN_TOKEN;
  const given = request.headers.get('x-sandbox-admin-token');
  if (!expected || !given || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/**
 * The embedded Vehicle API sandbox over HTTP, so a browser can open its consent page and any
 * HTTP client can call it. It exists only while the sandbox is the upstream.
 */
async function handle(request: Request): Promise<Response> {
  if (!usesEmbeddedSandbox()) return notFound();
  const sandbox = getEmbeddedSandbox();
  // Decide on the path exactly as the sandbox's router will read it (decoded, dot segments applied).
  const path = sandboxPath(new URL(request.url).pathname, sandbox.basePath);
  if (path === null || (isSandboxAdminPath(path) && !adminAllowed(request))) return notFound();
  return sandbox.handle(request);
}

export const dynamic = 'force-dynamic';
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
