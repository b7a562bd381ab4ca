import { chromium, type Browser } from '@playwright/test';
import { E2E_BROWSER } from '../../e2e/fixtures/browser';
import type { BenchConsole } from './console-server';
import { signedInContext } from './signed-in-context';

/** What a browser may download of JS on a first visit to a console page, compressed (issue 28). */
export const FIRST_VISIT_BUDGET_KB = 350;

/** The page is taken as settled once no script has been asked for or answered for this long. */
const QUIET_MS = 2_000;
const SETTLE_LIMIT_MS = 30_000;

/** A page's concrete address: `[org]` and the ids a fresh console has; null for an id it has none of. */
export type PageAddress = { route: string; url: string | null };

/**
 * Compressed bytes of every script a first visit downloads (a new browser context: nothing cached)
 * until the page has gone quiet: the entry chunks and what loads after the first paint (charts, the
 * map library), as a person's browser receives them.
 */
async function firstVisitKb(browser: Browser, server: BenchConsole, url: string): Promise<number> {
  const context = await signedInContext(browser, server);
  try {
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    let lastScriptAt = performance.now();
    page.on('request', (request) => {
      if (request.resourceType() === 'script') lastScriptAt = performance.now();
    });
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      lastScriptAt = performance.now();
      sizes.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(`${server.base}${url}`, { waitUntil: 'load' });
    const started = performance.now();
    while (performance.now() - lastScriptAt < QUIET_MS && performance.now() - started < SETTLE_LIMIT_MS)
      await new Promise((r) => setTimeout(r, 250));
    return (await Promise.all(sizes)).reduce((a, b) => a + b, 0) / 1024;
  } finally {
    await context.close();
  }
}

export async function printFirstVisits(server: BenchConsole, pages: PageAddress[]): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? E2E_BROWSER, args: ['--disable-gpu'] });
  try {
    for (const { route, url } of pages) {
      const name = route.replace('(console)', '');
      if (!url) {
        console.log(`first visit ${name.padEnd(48)} not measured (the bench console has no such item)`);
        continue;
      }
      const kb = await firstVisitKb(browser, server, url);
      console.log(
        `first visit ${name.padEnd(48)} ${kb.toFixed(1).padStart(6)} kB of JS downloaded ${kb <= FIRST_VISIT_BUDGET_KB ? `(within ${FIRST_VISIT_BUDGET_KB} kB)` : `OVER ${FIRST_VISIT_BUDGET_KB} kB`}`,
      );
    }
  } finally {
    await browser.close();
  }
}
