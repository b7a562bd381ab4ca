import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * MapLibre's tile worker, served from this origin: bundled, MapLibre cannot find its worker file
 * next to itself, and the CSP allows workers from this origin only (`worker-src 'self' blob:`).
 */
let worker: Promise<Buffer> | undefined;

export async function GET() {
  worker ??= readFile(path.join(process.cwd(), 'node_modules', 'maplibre-gl', 'dist', 'maplibre-gl-worker.mjs'));
  return new Response(new Uint8Array(await worker), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  });
}
