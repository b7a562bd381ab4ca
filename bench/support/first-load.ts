import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** First-load JS (gzip) a console page may weigh: `npm run bench fleet` prints each page's, and e2e/smoke/first-load-budget.spec.ts holds it. */
export const BUDGET_KB = 200;

/** Every JS chunk a first visit to the route loads: the runtime plus each segment's entry chunks. */
export function firstLoadKb(route: string): number | null {
  const dir = path.join(process.cwd(), '.next', 'server', 'app', ...route.split('/').filter(Boolean));
  const clientManifest = `${dir}/page_client-reference-manifest.js`;
  const buildManifest = `${dir}/page/build-manifest.json`;
  if (!existsSync(clientManifest) || !existsSync(buildManifest)) return null;
  const sandbox = { self: {} as { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } };
  new Function('self', 'globalThis', readFileSync(clientManifest, 'utf8'))(sandbox.self, sandbox.self);
  const manifest = Object.values(sandbox.self.__RSC_MANIFEST ?? {})[0];
  const files = new Set<string>((JSON.parse(readFileSync(buildManifest, 'utf8')) as { rootMainFiles: string[] }).rootMainFiles);
  for (const list of Object.values(manifest?.entryJSFiles ?? {})) for (const file of list) files.add(file);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(path.join(process.cwd(), '.next', file))).length;
  return bytes / 1024;
}

/** Every page under the organization's console, found in app/, so a new page cannot be left out. */
export function consolePages(dir: string, route: string): string[] {
  const pages = existsSync(path.join(dir, 'page.tsx')) ? [route] : [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) pages.push(...consolePages(path.join(dir, entry.name), `${route}/${entry.name}`));
  }
  return pages;
}
