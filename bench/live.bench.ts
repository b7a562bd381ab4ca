/**
 * `npm run bench live` (issue 28): the production build on the embedded sandbox with its events
 * on. Prints, for polling (the live stream refused to the page, so its fallback polling runs, as
 * the build did before the stream) and the live stream side by side:
 * - p50 and p95 of the time from the upstream's outcome (the sandbox settling a command: its
 *   `executedAt` plus SANDBOX_COMMAND_DELAY_MS, on this machine's clock) to an open vehicle page's
 *   DOM showing it (a MutationObserver in headless Chromium stamps the moment);
 * - requests per minute from one idle open vehicle page (the stream's own request apart);
 * and the live streams one instance holds at 1,000 opened by plain HTTP clients, with its resident
 * memory per stream.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { hasBuild } from './support/console-server';
import { LIVE_ORG, openPlainStreams, startLiveConsole, type LiveConsole } from './support/live-console';
import { signedInContext } from './support/signed-in-context';
import { median, quantile } from './support/stats';

const COMMAND_DELAY_MS = 2_000;
/** Per mode; the sandbox allows 30 commands per vehicle an hour. */
const SAMPLES = 12;
const IDLE_MS = 60_000;
const STREAMS = 1_000;
const COMMANDS = [
  ['FLASH_LIGHTS', 'Flash lights'],
  ['HONK_HORN', 'Honk horn'],
] as const;
type Mode = 'polling' | 'stream';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openVehiclePage(browser: Browser, server: LiveConsole, mode: Mode): Promise<Page> {
  const context = await signedInContext(browser, server);
  const page = await context.newPage();
  // tsx names the functions this file hands to page.evaluate with a helper the page lacks.
  await page.addInitScript('window.__name = (fn) => fn;');
  // Polling: the stream is refused, so the page stays on its fallback polling (the build before the stream).
  if (mode === 'polling') await page.route('**/api/o/*/live**', (route) => route.abort());
  await page.goto(`${server.base}/o/${LIVE_ORG}/vehicles/${server.vehicleId}`);
  const mark = page.getByRole('banner').getByRole('status');
  await mark.filter({ hasText: mode === 'stream' ? 'Live' : 'Reconnecting' }).waitFor({ timeout: 60_000 });
  await page.getByRole('region', { name: 'Remote commands' }).waitFor();
  return page;
}

type Sample = { total: number; learned: number; shown: number };

/**
 * Sends `command` from the page: ms from the sandbox's outcome to the page showing it (`total`),
 * split at the moment the console recorded the outcome (the execution's `settledAt`): `learned`
 * before it, `shown` after it (what the stream or the polling adds).
 */
async function sample(page: Page, server: LiveConsole, command: string, label: string): Promise<Sample> {
  // Armed once the region names this command as pending; stamps the first moment it shows a terminal state.
  await page.evaluate((want) => {
    const w = window as unknown as { shownAt?: number; armed?: boolean; observer?: MutationObserver };
    w.observer?.disconnect();
    w.shownAt = undefined;
    w.armed = false;
    const check = () => {
      const text = document.querySelector('section[aria-label="Latest command"]')?.textContent ?? '';
      if (!text.includes(want)) return;
      if (/Pending|Sent|Sending/.test(text) && !/Executed|Failed/.test(text)) w.armed = true;
      else if (w.armed && /Executed|Failed/.test(text) && w.shownAt === undefined) w.shownAt = Date.now();
    };
    w.observer = new MutationObserver(check);
    w.observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }, label);
  const sent = page.waitForResponse((r) => r.url().endsWith('/commands') && r.request().method() === 'POST');
  await page.getByRole('region', { name: 'Remote commands' }).getByRole('button', { name: label, exact: true }).click();
  const answer = await sent;
  if (!answer.ok()) throw new Error(`${command} answered ${answer.status()}: ${await answer.text()}`);
  const { execution } = (await answer.json()) as { execution: { executedAt: string | null; id: string } };
  if (!execution.executedAt) throw new Error(`${command}: no executedAt in ${JSON.stringify(execution)}`);
  const outcomeAt = Date.parse(execution.executedAt) + COMMAND_DELAY_MS;
  await page.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt !== undefined, null, { timeout: 30_000 });
  const shownAt = await page.evaluate(() => (window as unknown as { shownAt: number }).shownAt);
  const view = (await (
    await fetch(`${server.base}/api/o/${LIVE_ORG}/commands/${execution.id}`, { headers: { Cookie: server.cookie } })
  ).json()) as { execution: { settledAt: string | null } };
  const settledAt = view.execution.settledAt ? Date.parse(view.execution.settledAt) : shownAt;
  return { total: shownAt - outcomeAt, learned: settledAt - outcomeAt, shown: shownAt - settledAt };
}

/** Requests an idle open vehicle page makes in IDLE_MS, the stream's own apart, by path. */
async function idleRequests(page: Page): Promise<{ perMinute: number; byPath: Map<string, number> }> {
  await sleep(5_000);
  const byPath = new Map<string, number>();
  const count = (url: string) => {
    const { pathname } = new URL(url);
    if (/\/api\/o\/[^/]+\/live$/.test(pathname)) return;
    const key = pathname.replace(/\/vehicles\/[^/]+/, '/vehicles/{id}').replace(/\/commands\/[^/]+$/, '/commands/{id}');
    byPath.set(key, (byPath.get(key) ?? 0) + 1);
  };
  page.on('request', (r) => count(r.url()));
  await sleep(IDLE_MS);
  page.removeAllListeners('request');
  const total = [...byPath.values()].reduce((a, b) => a + b, 0);
  return { perMinute: (total * 60_000) / IDLE_MS, byPath };
}

const figure = (values: number[]) =>
  `p50 ${median(values).toFixed(0)} ms, p95 ${quantile(values, 0.95).toFixed(0)} ms (n=${values.length})`;

export default async function liveBench(): Promise<void> {
  if (!hasBuild()) {
    console.log('live: no production build; run `npm run build` first');
    return;
  }
  const server = await startLiveConsole({
    SANDBOX_COMMAND_DELAY_MS: String(COMMAND_DELAY_MS),
    // The plain clients below are one person holding 1,000 streams.
    LIVE_STREAMS_PER_PERSON: String(STREAMS),
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--disable-gpu'] });
  try {
    const pages = { polling: await openVehiclePage(browser, server, 'polling'), stream: await openVehiclePage(browser, server, 'stream') };
    const delays: Record<Mode, Sample[]> = { polling: [], stream: [] };
    for (let i = 0; i < SAMPLES; i++) {
      // Alternated, so both modes see the same machine load.
      process.stdout.write('.');
      for (const mode of ['polling', 'stream'] as const) {
        const [command, label] = COMMANDS[(i * 2 + (mode === 'stream' ? 1 : 0)) % COMMANDS.length];
        delays[mode].push(await sample(pages[mode], server, command, label));
        await sleep(300);
      }
    }
    process.stdout.write('\n');
    for (const mode of ['polling', 'stream'] as const) {
      const of = (part: keyof Sample) => delays[mode].map((d) => d[part]);
      console.log(`live: ${mode}: outcome to DOM ${figure(of('total'))}`);
      console.log(`live: ${mode}:   outcome to recorded ${figure(of('learned'))}; recorded to DOM ${figure(of('shown'))}`);
    }

    // Idle: nothing pending; each page on its own for a minute.
    await sleep(3_000);
    const [pollingIdle, streamIdle] = await Promise.all([idleRequests(pages.polling), idleRequests(pages.stream)]);
    const breakdown = (m: Map<string, number>) => [...m].map(([p, n]) => `${p} ${n}`).join(', ') || 'none';
    console.log(`live: idle vehicle page, polling: ${pollingIdle.perMinute.toFixed(1)} requests/min (${breakdown(pollingIdle.byPath)})`);
    console.log(
      `live: idle vehicle page, live stream: ${streamIdle.perMinute.toFixed(1)} requests/min besides the stream (${breakdown(streamIdle.byPath)})`,
    );
    await Promise.all(Object.values(pages).map((p) => p.context().close()));

    // Streams: 1,000 plain HTTP clients on one instance.
    await sleep(2_000);
    const before = server.rssBytes();
    const streams = await openPlainStreams(server.base, server.cookie, STREAMS);
    await sleep(5_000);
    const after = server.rssBytes();
    console.log(
      `live: ${streams.open} of ${STREAMS} streams held by one instance (${streams.refused} refused); resident memory ` +
        `${(before / 2 ** 20).toFixed(0)} MB before, ${(after / 2 ** 20).toFixed(0)} MB with them: ` +
        `${((after - before) / Math.max(1, streams.open) / 1024).toFixed(1)} kB per stream`,
    );
    streams.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}
