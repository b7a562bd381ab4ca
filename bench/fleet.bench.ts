/**
 * Fleet page figures: (1) time to the first vehicles-page response on the server, through the
 * vehicles route's own logic (`loadVehiclePage` with the route's query schema) against a
 * 10,000-vehicle in-process sandbox: unfiltered, filtered and by tag; (2) first-load JS of the
 * console pages, gzip, read from the last `next build` output.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { createSandbox } from '@/lib/sandbox';
import { loadVehiclePage } from '@/lib/vehicles/server/list-page';
import { vehicleListQuerySchema } from '@/lib/vehicles/schemas';
import { sandboxApi } from './support/sandbox-api';
import { quantile } from './support/stats';

const VEHICLES = 10_000;
const RUNS = 50;
const BUDGET_KB = 200;

async function timeFirstPage(label: string, run: () => Promise<{ items: unknown[] }>) {
  await run();
  const times: number[] = [];
  let items = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    items = (await run()).items.length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} median ${quantile(times, 0.5).toFixed(2)} ms   p95 ${quantile(times, 0.95).toFixed(2)} ms   (${items} rows, ${RUNS} runs)`,
  );
}

async function serverFirstPage() {
  const started = performance.now();
  const sandbox = createSandbox({ seed: 7, vehiclesPerOrg: VEHICLES });
  console.log(`sandbox with ${VEHICLES} vehicles per organization seeded in ${(performance.now() - started).toFixed(0)} ms`);
  const api = sandboxApi(sandbox, { coalesceReads: false });
  const query = (input: Record<string, string>) => vehicleListQuerySchema.parse(input);
  await timeFirstPage('first page, 20 per page', () => loadVehiclePage(api, query({})));
  await timeFirstPage('first page, 100 per page', () => loadVehiclePage(api, query({ pageSize: '100' })));
  await timeFirstPage('first page, filter make == Tesla & year >= 2020', () =>
    loadVehiclePage(
      api,
      query({
        filter: JSON.stringify([
          { field: 'make', operator: '==', value: 'Tesla' },
          { field: 'modelYear', operator: '>=', value: 2020 },
        ]),
      }),
    ),
  );
  await timeFirstPage('first page, tag depot', () => loadVehiclePage(api, query({ tagKey: 'depot' })));
}

/** Every JS chunk a first visit to the route loads: the runtime plus each segment's entry chunks. */
function firstLoadKb(route: string): number | null {
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
function consolePages(dir: string, route: string): string[] {
  const pages = existsSync(path.join(dir, 'page.tsx')) ? [route] : [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) pages.push(...consolePages(path.join(dir, entry.name), `${route}/${entry.name}`));
  }
  return pages;
}

function firstLoadJs() {
  const routes = consolePages(path.join(process.cwd(), 'app', '(console)', 'o', '[org]'), '(console)/o/[org]');
  if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) {
    console.log('first-load JS: not built (run `npx next build` first)');
    return;
  }
  for (const route of routes) {
    const kb = firstLoadKb(route);
    const name = `/${route.replace('(console)/', '')}`;
    if (kb === null) console.log(`first-load JS ${name.padEnd(46)} not built`);
    else
      console.log(
        `first-load JS ${name.padEnd(46)} ${kb.toFixed(1)} kB gzip ${kb < BUDGET_KB ? `(under the ${BUDGET_KB} kB budget)` : `OVER the ${BUDGET_KB} kB budget`}`,
      );
  }
}

export default async function fleetBench() {
  await serverFirstPage();
  firstLoadJs();
}
