import postgres from 'postgres';
import { request as requestFactory, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { can } from '@/lib/auth/permissions';
import { NOTICE_PERMISSION, readNotice, type LiveNotice } from '@/lib/live/notice';
import { clusterBase as base, defineCluster } from '../fixtures/cluster';
import { signInOverApi } from '../fixtures/console-process';
import { expect, test } from '../fixtures/test';

/**
 * Issue 28: the live stream across instances. Two standalone instances on one PostgreSQL
 * (e2e/fixtures/cluster.ts, on E2E_PORT+5..+8 so it can run beside share-instances.spec.ts): a
 * change made through one instance reaches the streams of the other through LISTEN/NOTIFY, a tab
 * on an instance that restarts reconnects and catches up, a support member's stream carries only
 * what support may read, and another organization's notices never reach this one's streams.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const cluster = defineCluster({ portOffset: 4, commandDelayMs: 3_000 });
const ORG = 'fleet';
const TERMINAL = new Set(['executed', 'failed', 'rejected', 'unknown']);
const vehiclePage = (port: number) => `${base(port)}/o/${ORG}/vehicles/${cluster.vehicleId}`;
const historyPath = () => `/api/o/${ORG}/vehicles/${encodeURIComponent(cluster.vehicleId)}/commands`;
const liveMark = (page: Page) => page.getByRole('banner').getByRole('status');
const history = (page: Page) => page.getByRole('region', { name: 'Command history' });

type Logged = { log: string[] };

/**
 * Records, in the order the page saw them, each notice and resync its stream delivered, each time
 * the stream opened, and each read of the vehicle's command history: a read that no notice, resync
 * or open came before is a poll.
 */
async function recordStream(page: Page, path: string) {
  await page.addInitScript((historyPath) => {
    const log: string[] = [];
    (window as unknown as Logged).log = log;
    const NativeEventSource = window.EventSource;
    window.EventSource = class extends NativeEventSource {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        // Added before the page's own listeners, so each is logged before the read it causes.
        this.addEventListener('open', () => log.push(`open ${String(url)}`));
        this.addEventListener('notice', (event) => log.push(`notice ${(event as MessageEvent).data}`));
        this.addEventListener('resync', () => log.push('resync'));
      }
    };
    const nativeFetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes(`${historyPath}?`)) log.push(`read ${url}`);
      return nativeFetch(input, init);
    };
  }, path);
  return { entries: () => page.evaluate(() => [...(window as unknown as Logged).log]) };
}

/** The history reads in `entries` that nothing from the stream came before (since the read before them). */
function polls(entries: string[]): string[] {
  let told = false;
  const unexplained: string[] = [];
  for (const entry of entries) {
    if (!entry.startsWith('read ')) told = true;
    else if (told) told = false;
    else unexplained.push(entry);
  }
  return unexplained;
}

type Frame = { event: string; data: string; id?: string };

/** The organization's live stream on `port`, read by a plain HTTP client: every frame it sends, as it comes. */
async function openStream(port: number, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${base(port)}/api/o/${ORG}/live`, { headers: { Cookie: cookie }, signal: controller.signal });
  expect(response.status, await (response.ok ? Promise.resolve('') : response.text())).toBe(200);
  const frames: Frame[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const field = (name: string) =>
          block
            .split('\n')
            .find((line) => line.startsWith(`${name}: `))
            ?.slice(name.length + 2);
        const event = field('event');
        if (event) frames.push({ event, data: field('data') ?? '', id: field('id') });
      }
    }
  })();
  return {
    notices: () => frames.filter((f) => f.event === 'notice').map((f) => JSON.parse(f.data) as Record<string, unknown>),
    close: () => controller.abort(),
  };
}

const cookieOf = async (context: APIRequestContext) =>
  (await context.storageState()).cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

async function sendCommand(on: APIRequestContext, command: string): Promise<string> {
  const sent = await on.post(`/api/o/${ORG}/vehicles/${cluster.vehicleId}/commands`, { data: { command } });
  expect(sent.ok(), await sent.text()).toBe(true);
  return ((await sent.json()) as { execution: { id: string } }).execution.id;
}

async function settled(on: APIRequestContext, executionId: string): Promise<string> {
  let state = '';
  await expect
    .poll(
      async () => {
        state = ((await (await on.get(`/api/o/${ORG}/commands/${executionId}`)).json()) as { execution: { state: string } }).execution
          .state;
        return TERMINAL.has(state);
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
  return state;
}

let admin: APIRequestContext;
let browserContext: BrowserContext;
/** The tab on instance B that the first test opens: it has had notices (Last-Event-ID) when B restarts. */
let tabOnB: Page;
let tabOnBLog: Awaited<ReturnType<typeof recordStream>>;

async function openVehiclePage(browser: Browser, port: number) {
  browserContext ??= await browser.newContext({ storageState: await admin.storageState() });
  const tab = await browserContext.newPage();
  const log = await recordStream(tab, historyPath());
  await tab.goto(vehiclePage(port));
  await expect(liveMark(tab)).toHaveText('Live', { timeout: 30_000 });
  // The history's table (the region) appears with its first row; its heading is there from the start.
  await expect(tab.getByRole('heading', { name: 'History of this vehicle' })).toBeVisible({ timeout: 30_000 });
  return { tab, log };
}

test.beforeAll(async () => {
  admin = await signInOverApi(base(cluster.portA), cluster.admin.email, cluster.admin.password);
});

test.afterAll(async () => {
  await browserContext?.close();
  await admin?.dispose();
});

test('a command sent from a tab on A shows Executed in a tab on B through the stream, without B polling', async ({ browser }) => {
  ({ tab: tabOnB, log: tabOnBLog } = await openVehiclePage(browser, cluster.portB));
  const { tab: tabOnA } = await openVehiclePage(browser, cluster.portA);
  const before = (await tabOnBLog.entries()).length;

  const sent = tabOnA.waitForResponse((r) => r.url().endsWith(historyPath()) && r.request().method() === 'POST');
  await tabOnA.getByRole('region', { name: 'Remote commands' }).getByRole('button', { name: 'Close charge port', exact: true }).click();
  const { execution } = (await (await sent).json()) as { execution: { id: string } };
  const row = history(tabOnB).getByRole('row').filter({ hasText: 'Close charge port' }).first();
  await expect(row).toContainText('Executed', { timeout: 30_000 });
  const shownAt = Date.now();

  const entries = (await tabOnBLog.entries()).slice(before);
  expect(entries.some((e) => e.startsWith('notice ') && e.includes(execution.id))).toBe(true);
  expect(entries.some((e) => e.startsWith('read '))).toBe(true);
  expect(polls(entries), `reads of the history on B without a notice before them:\n${entries.join('\n')}`).toEqual([]);
  const db = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await db<{ settled: Date }[]>`select settled_at as settled from command_executions where id = ${execution.id}`;
    console.log(
      `cluster-live: ${execution.id} sent on A, Executed on B's tab ${shownAt - row.settled.getTime()} ms after it was recorded settled`,
    );
    // Within a second of the outcome (B's tab would poll only every 3 s; the check above shows it did not).
    expect(shownAt - row.settled.getTime()).toBeLessThan(1_000);
  } finally {
    await db.end({ timeout: 2 });
  }
  await tabOnA.close();
});

test('the stream reconnects after instance B restarts, and the page catches up on what changed meanwhile', async ({ browser }) => {
  // A second tab on B that has had no notice: its reconnect cannot name a last event.
  const { tab: freshTab, log: freshLog } = await openVehiclePage(browser, cluster.portB);
  expect(
    (await freshLog.entries()).filter((e) => e.startsWith('notice ')),
    'the fresh tab had no notice',
  ).toEqual([]);
  const flashRows = (tab: Page) => history(tab).getByRole('row').filter({ hasText: 'Flash lights' });
  await expect(flashRows(freshTab)).toHaveCount(0);

  await cluster.stopB();
  for (const tab of [tabOnB, freshTab]) await expect(liveMark(tab)).toHaveText('Reconnecting…', { timeout: 30_000 });

  // While B is down: a command sent and settled through A.
  const executionId = await sendCommand(admin, 'FLASH_LIGHTS');
  const state = await settled(admin, executionId);
  expect(state).toBe('executed');
  const downFor = performance.now();
  await cluster.startB();

  for (const [name, tab] of [
    ['the tab with a Last-Event-ID', tabOnB],
    ['the tab without one', freshTab],
  ] as const) {
    await expect(liveMark(tab), name).toHaveText('Live', { timeout: 60_000 });
    await expect(flashRows(tab).first(), name).toContainText('Executed', { timeout: 10_000 });
  }
  console.log(
    `cluster-live: both tabs on B live again and showing the command settled while B was down, ${((performance.now() - downFor) / 1000).toFixed(1)} s after B was started again (its start-up included)`,
  );
  // The tab that had a last event caught up through the server's resync (B's new process cannot replay).
  expect(await tabOnBLog.entries()).toContain('resync');
  await freshTab.close();
});

test("a support member's stream carries nothing a support member may not read", async () => {
  const email = `cluster-live-support-${Date.now()}@example.com`;
  const password = 'cluster-support-password';
  const invited = await admin.post(`/api/o/${ORG}/members`, { data: { email, role: 'support' } });
  expect(invited.status(), await invited.text()).toBe(200);
  const { inviteUrl } = (await invited.json()) as { inviteUrl: string };
  const stranger = await requestFactory.newContext({ baseURL: base(cluster.portA), extraHTTPHeaders: { Origin: base(cluster.portA) } });
  const accepted = await stranger.post('/api/invitations/accept', {
    data: { token: new URL(inviteUrl).pathname.split('/').pop(), password },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await stranger.dispose();
  const support = await signInOverApi(base(cluster.portB), email, password);

  const stream = await openStream(cluster.portB, await cookieOf(support));
  const executionId = await sendCommand(admin, 'HONK_HORN');
  await settled(admin, executionId);
  await expect.poll(() => stream.notices().filter((n) => n.executionId === executionId).length, { timeout: 15_000 }).toBeGreaterThan(1);
  stream.close();

  const notices = stream.notices();
  const readWith: Record<LiveNotice['kind'], (n: LiveNotice) => string> = {
    command: (n) => `/api/o/${ORG}/commands/${(n as { executionId: string }).executionId}`,
    bulk: (n) => `/api/o/${ORG}/bulk/${(n as { jobId: string }).jobId}`,
    vehicle: (n) => `/api/o/${ORG}/vehicles/${(n as { vehicleId: string }).vehicleId}`,
    events: (n) => `/api/o/${ORG}/vehicles/${(n as { vehicleId?: string }).vehicleId ?? cluster.vehicleId}/events`,
    notification: () => `/api/o/${ORG}/notifications/unread`,
    'consent-link': (n) => `/api/o/${ORG}/connect/${(n as { linkId: string }).linkId}`,
  };
  for (const raw of notices) {
    const notice = readNotice(raw);
    // Ids only: the notice read field by field is the whole of what was sent.
    expect(notice, JSON.stringify(raw)).toEqual(raw);
    expect(can('support', NOTICE_PERMISSION[notice!.kind])).toBe(true);
    const path = readWith[notice!.kind](notice!);
    expect((await support.get(path)).status(), `support reading ${path}, told by ${JSON.stringify(raw)}`).toBe(200);
  }
  console.log(`cluster-live: the support member's stream on B carried ${notices.length} notices, each one support may read`);
  await support.dispose();
});

test("another organization's notices never arrive on this organization's streams, on either instance", async () => {
  const cookie = await cookieOf(admin);
  const streams = await Promise.all([openStream(cluster.portA, cookie), openStream(cluster.portB, cookie)]);
  const db = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [fleet] = await db<{ id: string }[]>`select id from organizations where slug = ${ORG}`;
    // Another organization on the same database, as an instance serving it would publish its changes.
    const [other] = await db<{ id: string }[]>`select gen_random_uuid()::text as id`;
    const foreign = { kind: 'vehicle', vehicleId: 'veh_foreign_org_0001' };
    const own = { kind: 'vehicle', vehicleId: 'veh_own_org_0001' };
    await db.notify('motorpool_live', JSON.stringify({ organizationId: other.id, notice: foreign }));
    await db.notify(
      'motorpool_live',
      JSON.stringify({
        organizationId: other.id,
        notice: { kind: 'command', vehicleId: foreign.vehicleId, executionId: 'cex_foreign_0001' },
      }),
    );
    // Sent after the others on the same connection, so delivered after them: once it is here, they would be too.
    await db.notify('motorpool_live', JSON.stringify({ organizationId: fleet.id, notice: own }));
    for (const [i, stream] of streams.entries()) {
      await expect.poll(() => stream.notices().some((n) => n.vehicleId === own.vehicleId), { timeout: 15_000 }).toBe(true);
      const leaked = stream.notices().filter((n) => JSON.stringify(n).includes('foreign'));
      expect(leaked, `instance ${i === 0 ? 'A' : 'B'}`).toEqual([]);
    }
    console.log("cluster-live: another organization's notices reached neither instance's stream of this organization; its own did");
  } finally {
    for (const stream of streams) stream.close();
    await db.end({ timeout: 2 });
  }
});
