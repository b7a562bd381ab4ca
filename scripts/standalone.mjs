// Completes the standalone artifact after `next build` (output: 'standalone' in next.config.js):
// Next leaves `.next/static` and `public` out of `.next/standalone` (a CDN may serve them), so a
// self-hosted server copies them in, as Next's documentation says. Then
// `node .next/standalone/server.js` (PORT, HOSTNAME) serves the console on its own.
import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';

/** Copies the static files into the standalone folder; false when the build made none. */
export function completeStandalone(root = process.cwd()) {
  const standalone = path.join(root, '.next', 'standalone');
  if (!existsSync(path.join(standalone, 'server.js'))) return false;
  for (const [from, to] of [
    [path.join(root, '.next', 'static'), path.join(standalone, '.next', 'static')],
    [path.join(root, 'public'), path.join(standalone, 'public')],
  ]) {
    rmSync(to, { recursive: true, force: true });
    if (existsSync(from)) cpSync(from, to, { recursive: true });
  }
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!completeStandalone()) {
    console.error('No .next/standalone/server.js: run `next build` first.');
    process.exit(1);
  }
  console.log('Standalone artifact ready: node .next/standalone/server.js');
}
