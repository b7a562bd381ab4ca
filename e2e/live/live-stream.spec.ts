import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';

test.use({ storageState: storageStateOf('manager') });

type Logged = { log: string[] };

/**
 * Records, in the order the page saw them, each notice its live stream delivered and each read
 * of the vehicle's command history: a read that no notice came before is a poll.
 */
async function recordNoticesAndReads(page: Page, historyPath: string) {
  await page.addInitScript((path) => {
    const log: string[] = [];
    (window as unknown as Logged).log = log;
    const NativeEventSource = window.EventSource;
    window.EventSource = class extends NativeEventSource {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        // Added before the page's own listener, so the notice is logged before the read it causes.
        this.addEventListener('notice', (event) => log.push(`notice ${(event as MessageEvent).data}`));
      }
    };
    const nativeFetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes(`${path}?`)) log.push(`read ${url}`);
      return nativeFetch(input, init);
    };
  }, historyPath);
  return {
    entries: () => page.evaluate(() => [...(window as unknown as Logged).log]),
  };
}

/** The reads in `entries` that no notice came before (since the read before them). */
function polls(entries: string[]): string[] {
  let noticed = false;
  const unexplained: string[] = [];
  for (const entry of entries) {
    if (entry.startsWith('notice ')) noticed = true;
    else if (noticed) noticed = false;
    else unexplained.push(entry);
  }
  return unexplained;
}

const liveMark = (page: Page) => page.getByRole('banner').getByRole('status');

test('a command sent in one tab shows Executed in a second tab through the live stream, without the second tab polling', async ({
  page,
  context,
  request,
}) => {
  const { onlineListeningVehicleId: vehicleId } = await sandboxFixtures(request);
  const vehiclePage = `/o/demo/vehicles/${vehicleId}`;
  const historyPath = `/api/o/demo/vehicles/${encodeURIComponent(vehicleId)}/commands`;

  // The second tab: the same vehicle's page, its command history on screen.
  const second = await context.newPage();
  const recorder = await recordNoticesAndReads(second, historyPath);
  await second.goto(vehiclePage);
  await expect(liveMark(second)).toHaveText('Live');
  await expect(second.getByRole('heading', { name: 'History of this vehicle' })).toBeVisible();
  const history = second.getByRole('region', { name: 'Command history' });

  await page.goto(vehiclePage);
  await expect(liveMark(page)).toHaveText('Live');
  // Reads from here on are the ones the test judges (the page's first load came before).
  const before = (await recorder.entries()).length;

  const sent = page.waitForResponse((r) => r.url().endsWith(historyPath) && r.request().method() === 'POST');
  // Close charge port: a command no other spec sends, so its newest row is this one.
  await page.getByRole('region', { name: 'Remote commands' }).getByRole('button', { name: 'Close charge port', exact: true }).click();
  const { execution } = (await (await sent).json()) as { execution: { id: string } };
  await expect(page.getByRole('region', { name: 'Latest command' }).getByText('Executed')).toBeVisible({ timeout: 20_000 });

  const row = history.getByRole('row').filter({ hasText: 'Close charge port' }).first();
  await expect(row).toContainText('Executed', { timeout: 20_000 });

  const entries = (await recorder.entries()).slice(before);
  // The stream told the second tab about this very execution, and every read it made followed a notice.
  expect(entries.some((e) => e.startsWith('notice ') && e.includes(execution.id))).toBe(true);
  expect(entries.some((e) => e.startsWith('read '))).toBe(true);
  expect(polls(entries), `reads of the history without a notice before them:\n${entries.join('\n')}`).toEqual([]);
  await expect(liveMark(second)).toHaveText('Live');
  await second.close();
});

test('the live stream answers as server-sent events, to members only', async ({ page, playwright, baseURL }) => {
  await page.goto('/o/demo');
  await expect(liveMark(page)).toHaveText('Live');
  // No session (the test's storage state would otherwise sign this context in too).
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const refused = await anonymous.get('/api/o/demo/live', { timeout: 15_000 });
  expect(refused.status()).toBe(401);
  const notMember = await page.request.get('/api/o/northwind/live', { timeout: 15_000 });
  expect(notMember.status()).toBe(404);
  await anonymous.dispose();
});
