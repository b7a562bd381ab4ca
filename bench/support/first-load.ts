import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** First-load JS (gzip) a console page may weigh: `npm run bench fleet` prints each page's, and e2e/smoke/first-load-budget.spec.ts holds it. */
export const BUDGET_KB = 200;

/** Where a first visit's entry JS comes from, in kB gzip: the runtime, then each segment's chunks not counted before it. */
type FirstLoadParts = { runtime: number; layouts: number; boundaries: number; page: number; total: number };

/** Every JS chunk a first visit to the route loads: the runtime plus each segment's entry chunks, by part. */
export function firstLoadParts(route: string): FirstLoadParts | null {
  const dir = path.join(process.cwd(), '.next', 'server', 'app', ...route.split('/').filter(Boolean));
  const clientManifest = `${dir}/page_client-reference-manifest.js`;
  const buildManifest = `${dir}/page/build-manifest.json`;
  if (!existsSync(clientManifest) || !existsSync(buildManifest)) return null;
  const sandbox = { self: {} as { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } };
  new Function('self', 'globalThis', readFileSync(clientManifest, 'utf8'))(sandbox.self, sandbox.self);
  const manifest = Object.values(sandbox.self.__RSC_MANIFEST ?? {})[0];
  const counted = new Set<string>();
  const kbOf = (files: string[]) => {
    let bytes = 0;
    for (const file of files) {
      if (counted.has(file)) continue;
      counted.add(file);
      bytes += gzipSync(readFileSync(path.join(process.cwd(), '.next', file))).length;
    }
    return bytes / 1024;
  };
  const parts: FirstLoadParts = { runtime: 0, layouts: 0, boundaries: 0, page: 0, total: 0 };
  parts.runtime = kbOf((JSON.parse(readFileSync(buildManifest, 'utf8')) as { rootMainFiles: string[] }).rootMainFiles);
  // Segments in the manifest's order (the root first): layouts, error and not-found boundaries, the page.
  for (const [segment, files] of Object.entries(manifest?.entryJSFiles ?? {})) {
    const kb = kbOf(files);
    if (segment.endsWith('/layout')) parts.layouts += kb;
    else if (segment.endsWith('/page')) parts.page += kb;
    else parts.boundaries += kb;
  }
  parts.total = parts.runtime + parts.layouts + parts.boundaries + parts.page;
  return parts;
}

/** A first visit's entry JS in kB gzip (see firstLoadParts). */
export function firstLoadKb(route: string): number | null {
  return firstLoadParts(route)?.total ?? null;
}

/** Every page under the organization's console, found in app/, so a new page cannot be left out. */
export function consolePages(dir: string, route: string): string[] {
  const pages = existsSync(path.join(dir, 'page.tsx')) ? [route] : [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) pages.push(...consolePages(path.join(dir, entry.name), `${route}/${entry.name}`));
  }
  return pages;
}
