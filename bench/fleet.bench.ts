/**
 * Fleet page figures: (1) time to the first vehicles-page response on the server, through the
 * vehicles route's own logic (`loadVehiclePage` with the route's query schema) against a
 * 10,000-vehicle in-process sandbox: unfiltered, filtered and by tag; (2) first-load JS of the
 * console pages, gzip, read from the last `next build` output; (3) the JS a browser downloads on a
 * first visit to each console page until it goes quiet, compressed, served by that build.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createSandbox } from '@/lib/sandbox';
import { loadVehiclePage } from '@/lib/vehicles/server/list-page';
import { vehicleListQuerySchema } from '@/lib/vehicles/schemas';
import { sandboxApi } from './support/sandbox-api';
import { BUDGET_KB, consolePages, firstLoadParts } from './support/first-load';
import { hasBuild, startBenchConsole, type BenchConsole } from './support/console-server';
import { printFirstVisits } from './support/first-visit';
import { quantile } from './support/stats';

/** Issue 28's target for every console page's entry chunks. */
const ENTRY_TARGET_KB = 160;

const VEHICLES = 10_000;
const RUNS = 50;

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

function firstLoadJs() {
  const routes = consolePages(path.join(process.cwd(), 'app', '(console)', 'o', '[org]'), '(console)/o/[org]');
  if (!existsSync(path.join(process.cwd(), '.next', 'BUILD_ID'))) {
    console.log('first-load JS: not built (run `npx next build` first)');
    return;
  }
  let atTarget = 0;
  for (const route of routes) {
    const parts = firstLoadParts(route);
    const name = `/${route.replace('(console)/', '')}`;
    if (parts === null) {
      console.log(`first-load JS ${name.padEnd(46)} not built`);
      continue;
    }
    if (parts.total <= ENTRY_TARGET_KB) atTarget += 1;
    const budget = parts.total < BUDGET_KB ? `(under the ${BUDGET_KB} kB budget)` : `OVER the ${BUDGET_KB} kB budget`;
    const split = `runtime ${parts.runtime.toFixed(1)} + layouts ${parts.layouts.toFixed(1)} + boundaries ${parts.boundaries.toFixed(1)} + page ${parts.page.toFixed(1)}`;
    console.log(`first-load JS ${name.padEnd(46)} ${parts.total.toFixed(1)} kB gzip ${budget}: ${split}`);
  }
  console.log(`first-load JS: ${atTarget} of ${routes.length} console pages at or under issue 28's ${ENTRY_TARGET_KB} kB`);
}

const ORG = 'fleet';

/** The first item of a list route of the bench console, or null. */
async function firstId(server: BenchConsole, path: string): Promise<string | null> {
  const response = await fetch(`${server.base}/api/o/${ORG}/${path}`, { headers: { Cookie: server.cookie } });
  if (!response.ok) return null;
  const body = (await response.json()) as { items?: { id: string }[] };
  return body.items?.[0]?.id ?? null;
}

async function firstVisits() {
  if (!hasBuild()) {
    console.log('first visit: not built (run `npm run build` first)');
    return;
  }
  const server = await startBenchConsole({ env: { BACKGROUND_JOBS: 'false' } });
  try {
    const ids: Record<string, string | null> = {
      '[org]': ORG,
      '[vehicleId]': await firstId(server, 'vehicles?pageSize=1'),
      '[accountId]': await firstId(server, 'accounts?pageSize=1'),
    };
    const routes = consolePages(path.join(process.cwd(), 'app', '(console)', 'o', '[org]'), '(console)/o/[org]');
    await printFirstVisits(
      server,
      routes.map((route) => {
        const segments = route.replace('(console)', '').split('/');
        const known = segments.every((segment) => !segment.startsWith('[') || ids[segment]);
        return { route, url: known ? segments.map((segment) => (segment.startsWith('[') ? ids[segment] : segment)).join('/') : null };
      }),
    );
  } finally {
    await server.stop();
  }
}

export default async function fleetBench() {
  await serverFirstPage();
  firstLoadJs();
  await firstVisits();
}
