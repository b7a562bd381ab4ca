import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { stepUp } from '../fixtures/step-up';

// A real receiver in the test process, on 127.0.0.1: the e2e server allows that host (WEBHOOK_ALLOWED_HOSTS in playwright.config.ts).
type Received = { path: string; headers: Record<string, string>; body: string };
let server: Server;
let receiverOrigin = '';
const received: Received[] = [];

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      const failing = path.startsWith('/failing');
      res.writeHead(failing ? 503 : 200, { 'content-type': 'text/plain' });
      res.end(failing ? 'maintenance until noon' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const at = (path: string) => received.filter((r) => r.path === path);

/** Adds an endpoint in Settings and reads its secret, shown this once. */
async function addEndpoint(page: Page, url: string, description: string): Promise<string> {
  const panel = page.getByRole('region', { name: 'Webhook endpoints' });
  const form = panel.getByRole('form', { name: 'New endpoint' });
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  await expect(form.getByText('Enter the endpoint’s URL')).toBeVisible();
  await form.getByLabel('URL').fill(url);
  await form.getByLabel('Description').fill(description);
  await form.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = (await panel.getByTestId('webhook-endpoint-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^whsec_/);
  await panel.getByRole('button', { name: 'I stored it' }).click();
  return secret;
}

test.describe('as an admin', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('an endpoint on a local receiver gets a signed delivery that verifies, and redeliver sends it again', async ({ page }) => {
    await page.goto('/o/demo/settings');
    await stepUp(page.request, new URL(page.url()).origin);
    const path = `/ok-${Date.now()}`;
    const secret = await addEndpoint(page, `${receiverOrigin}${path}`, 'Dispatch receiver');
    const row = page.getByTestId('webhook-endpoint').filter({ hasText: path });
    await expect(row).toContainText('Dispatch receiver');
    // The rotate warning says the server's WEBHOOK_SECRET_OVERLAP_HOURS (6 in playwright.config.ts), not a default.
    await row.getByRole('button', { name: 'Rotate secret' }).click();
    const rotate = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await expect(rotate).toContainText('for 6 hours with the current one too');
    await rotate.getByRole('button', { name: 'Cancel' }).click();
    await expect(rotate).toHaveCount(0);
    await row.getByText('Deliveries', { exact: true }).click();
    await row.getByRole('button', { name: 'Send test event' }).click();

    await expect.poll(() => at(path).length, { timeout: 15_000 }).toBe(1);
    const [first] = at(path);
    const payload = new Webhook(secret).verify(first.body, first.headers) as { type: string; id: string; data: Record<string, unknown> };
    expect(payload.type).toBe('webhook.test');
    expect(payload.id).toBe(first.headers['webhook-id']);
    expect(payload.data).toMatchObject({ organization: 'demo' });
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(first.body, first.headers)).toThrow();

    const delivery = row.getByTestId('webhook-delivery').first();
    await expect(delivery).toHaveAttribute('data-status', 'succeeded');
    await expect(delivery).toContainText('Delivered');
    await expect(delivery).toContainText('HTTP 200');
    await expect(delivery.getByTestId('webhook-attempt')).toHaveCount(1);

    await delivery.getByRole('button', { name: /^Redeliver / }).click();
    await expect.poll(() => at(path).length, { timeout: 15_000 }).toBe(2);
    const again = at(path)[1];
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(() => new Webhook(secret).verify(again.body, again.headers)).not.toThrow();
    await expect(row.getByTestId('webhook-delivery')).toHaveCount(2);
    await expect(row.getByTestId('webhook-delivery').first()).toContainText('redelivery');
  });

  test('a failing endpoint is retried with backoff and shows its attempts in the delivery log', async ({ page }) => {
    await page.goto('/o/demo/settings');
    await stepUp(page.request, new URL(page.url()).origin);
    const path = `/failing-${Date.now()}`;
    await addEndpoint(page, `${receiverOrigin}${path}`, 'Receiver in maintenance');
    const row = page.getByTestId('webhook-endpoint').filter({ hasText: path });
    await row.getByText('Deliveries', { exact: true }).click();
    await row.getByRole('button', { name: 'Send test event' }).click();

    // The first attempt at once, the retry about 10 s later (the first step of the backoff).
    await expect.poll(() => at(path).length, { timeout: 40_000 }).toBeGreaterThanOrEqual(2);
    const [one, two] = at(path);
    expect(two.headers['webhook-id']).toBe(one.headers['webhook-id']);
    expect(Number(two.headers['webhook-timestamp']) - Number(one.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(9);

    const delivery = row.getByTestId('webhook-delivery').first();
    await expect(delivery.getByTestId('webhook-attempt')).toHaveCount(2, { timeout: 15_000 });
    await expect(delivery).toHaveAttribute('data-status', 'pending');
    await expect(delivery).toContainText('Retrying');
    await expect(delivery.getByTestId('webhook-delivery-attempts')).toHaveText('2');
    await expect(delivery.getByTestId('webhook-attempt').first()).toContainText('HTTP 503');
    await expect(delivery.getByTestId('webhook-attempt').first()).toContainText('maintenance until noon');
    await page.reload();
    await expect(page.getByTestId('webhook-endpoint').filter({ hasText: path })).toContainText(/\d failed attempts in a row/);
  });

  test('a rule with the webhook channel posts a failed command to its endpoint, signed', async ({ page }) => {
    await page.goto('/o/demo/settings');
    const origin = new URL(page.url()).origin;
    await stepUp(page.request, origin);
    const path = `/rule-${Date.now()}`;
    const added = await page.request.post('/api/o/demo/notifications/endpoints', {
      headers: { Origin: origin },
      data: { url: `${receiverOrigin}${path}`, description: 'Failed commands' },
    });
    expect(added.status(), await added.text()).toBe(200);
    const { endpoint, secret } = (await added.json()) as { endpoint: { id: string }; secret: string };
    const rule = await page.request.post('/api/o/demo/notifications/rules', {
      headers: { Origin: origin },
      data: {
        name: `Failed commands to a webhook ${path}`,
        kind: 'command_failed',
        params: { includeUnknown: true },
        channels: ['webhook'],
        recipients: { roles: [], userIds: [], sender: false },
        webhookEndpointIds: [endpoint.id],
        enabled: true,
      },
    });
    expect(rule.status(), await rule.text()).toBe(200);
    const ruleId = ((await rule.json()) as { rule: { id: string } }).rule.id;
    try {
      const { offlineVehicleId } = await sandboxFixtures(page.request);
      const sent = await page.request.post(`/api/o/demo/vehicles/${offlineVehicleId}/commands`, {
        headers: { Origin: origin },
        // A command no other spec sends to this vehicle: one already running there would be refused (409).
        data: { command: 'START_HVAC_SYSTEM' },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
      // The rule covers the whole fleet: a command another spec lets fail meanwhile is delivered too.
      // Every delivery must verify; the one about this vehicle must come.
      const payloads = () =>
        at(path).map((got) => new Webhook(secret).verify(got.body, got.headers) as { type: string; data: Record<string, unknown> });
      await expect.poll(() => payloads().some((p) => p.data.vehicleId === offlineVehicleId), { timeout: 30_000 }).toBe(true);
      const payload = payloads().find((p) => p.data.vehicleId === offlineVehicleId)!;
      expect(payload.type).toBe('notification.command_failed');
      expect(payload.data).toMatchObject({ vehicleId: offlineVehicleId, rule: { id: ruleId, kind: 'command_failed' }, cleared: false });
    } finally {
      await page.request.delete(`/api/o/demo/notifications/rules/${ruleId}`, { headers: { Origin: origin } });
    }
  });
});

test.describe('as an admin, with a target the guard refuses', () => {
  test.use({
    storageState: storageStateOf('admin'),
    // The refusal is the server's 422 with the field's message: the browser logs the status.
    allowedConsoleErrors: [/status of 422 \(Unprocessable Entity\) at http:\/\/localhost:\d+\/api\/o\/demo\/notifications\/endpoints$/],
  });

  test('an endpoint pointing at a private address is refused under its field', async ({ page }) => {
    await page.goto('/o/demo/settings');
    await stepUp(page.request, new URL(page.url()).origin);
    const form = page.getByRole('region', { name: 'Webhook endpoints' }).getByRole('form', { name: 'New endpoint' });
    await form.getByLabel('URL').fill('https://169.254.169.254/latest/meta-data');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.getByText('The URL must not point at a private, loopback or link-local address')).toBeVisible();
  });
});

test.describe('as support', () => {
  test.use({ storageState: storageStateOf('support') });

  test('support reads the endpoints and their logs, and changes none', async ({ page }) => {
    await page.goto('/o/demo/settings');
    const panel = page.getByRole('region', { name: 'Webhook endpoints' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('form', { name: 'New endpoint' })).toHaveCount(0);
    const refused = await page.request.post('/api/o/demo/notifications/endpoints', {
      headers: { Origin: new URL(page.url()).origin },
      data: { url: 'https://hooks.example.com/in', description: '' },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('FORBIDDEN');
    expect((await page.request.get('/api/o/demo/notifications/endpoints')).status()).toBe(200);
  });
});
