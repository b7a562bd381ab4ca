import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { expect, test } from '../fixtures/test';
import { storageStateOf } from '../fixtures/roles';
import { sandboxFixtures } from '../fixtures/sandbox';
import { stepUp } from '../fixtures/step-up';

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;

function signed(secret: string, body: unknown, id = `msg_${randomBytes(8).toString('hex')}`) {
  const data = JSON.stringify(body);
  const now = new Date();
  return {
    id,
    data,
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(secret).sign(id, now, data),
    },
  };
}

test.describe.configure({ mode: 'serial' });

test.describe('as admin', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('stores the signing secret write-only and audited, then receives signed events and refuses forged ones', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await stepUp(page.request, baseURL!);
    await page.goto('/o/demo/settings');
    const panel = page.getByRole('region', { name: 'Events (webhooks)' });
    await expect(panel.getByTestId('receiver-url')).toHaveText(/\/api\/webhooks\/vehicle-api\/demo$/);
    await panel.getByLabel('Signing secret').fill('not-a-secret');
    await panel.getByRole('button', { name: 'Save signing secret' }).click();
    await expect(panel.getByText('Paste the signing secret as the portal shows it')).toBeVisible();
    await panel.getByLabel('Signing secret').fill(SECRET);
    await panel.getByRole('button', { name: 'Save signing secret' }).click();
    await expect(panel.getByText('stored, not shown')).toBeVisible();
    await expect(panel.getByLabel('Signing secret')).toHaveValue('');

    const settings = await (await page.request.get('/api/o/demo/webhooks')).text();
    expect(settings).not.toContain(SECRET.slice(6));
    const audit = await (await page.request.get('/api/o/demo/audit?action=settings.webhook_secret_updated')).json();
    expect(audit.events[0]).toMatchObject({ outcome: 'success', details: { secretSet: true } });
    expect(JSON.stringify(audit)).not.toContain(SECRET.slice(6));

    // The vendor's sender: no session, no cookie, authenticated by the signature alone.
    const sender = await playwright.request.newContext({ baseURL: page.url() });
    const event = signed(SECRET, {
      type: 'device.connected',
      timestamp: new Date().toISOString(),
      data: { id: 'veh-e2e-events', deviceType: 'VEHICLE' },
    });
    const url = '/api/webhooks/vehicle-api/demo';
    expect((await sender.post(url, { headers: event.headers, data: event.data })).status()).toBe(202);
    expect((await sender.post(url, { headers: event.headers, data: event.data })).status()).toBe(409);
    const forged = signed(`whsec_${randomBytes(24).toString('base64')}`, { type: 'device.disconnected', data: { id: 'veh-e2e-events' } });
    // Without the secret, an organization that takes webhooks answers as one that does not exist.
    const forgedAnswer = await sender.post(url, { headers: forged.headers, data: forged.data });
    const unknown = await sender.post('/api/webhooks/vehicle-api/no-such-org', { headers: event.headers, data: event.data });
    expect([forgedAnswer.status(), unknown.status()]).toEqual([404, 404]);
    // The same answer but for each request's own id (the console's error shape, for support).
    const withoutId = (body: { error: { requestId?: string } }) => ({ ...body, error: { ...body.error, requestId: undefined } });
    expect(withoutId(await forgedAnswer.json())).toEqual(withoutId(await unknown.json()));
    expect(await unknown.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'Not found.', requestId: unknown.headers()['x-request-id'] },
    });
    // A telemetry event about a real vehicle: support reads it, raw, on the vehicle's page (below).
    const { onlineListeningVehicleId } = await sandboxFixtures(page.request);
    const telemetry = signed(SECRET, {
      type: 'device.telemetry',
      timestamp: new Date().toISOString(),
      data: { metricType: 'STATE_OF_CHARGE', vehicle: onlineListeningVehicleId, timestamp: new Date().toISOString(), stateOfCharge: 64 },
    });
    expect((await sender.post(url, { headers: telemetry.headers, data: telemetry.data })).status()).toBe(202);
    await sender.dispose();

    await panel.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event received.')).toBeVisible();
    const rows = panel.getByRole('table', { name: 'Last webhook events received' }).getByRole('row');
    await expect(rows.filter({ hasText: 'motorpool.test' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'device.connected' }).filter({ hasText: 'veh-e2e-events' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'device.disconnected' })).toHaveCount(0);
  });
});

test.describe('as support', () => {
  test.use({ storageState: storageStateOf('support') });

  test('support reads the events received but cannot change the secret or send a test event', async ({ page, playwright }) => {
    await page.goto('/o/demo/settings');
    const panel = page.getByRole('region', { name: 'Events (webhooks)' });
    await expect(panel.getByRole('table', { name: 'Last webhook events received' }).getByText('motorpool.test')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Save signing secret' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Send test event' })).toHaveCount(0);
    const refused = await page.request.put('/api/o/demo/settings/webhook', {
      headers: { origin: new URL(page.url()).origin },
      data: { secret: null },
    });
    expect(await refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });

    const { onlineListeningVehicleId } = await sandboxFixtures(page.request);
    await page.goto(`/o/demo/vehicles/${onlineListeningVehicleId}`);
    const received = page.getByRole('region', { name: 'Events received' });
    await expect(received.getByText('STATE_OF_CHARGE', { exact: true })).toBeVisible();
    await received.getByText('Raw event').first().click();
    await expect(received.getByText('"stateOfCharge": 64')).toBeVisible();

    // A rate_limit.updated about this vehicle makes the open page read its command budget again.
    const budgetRead = page.waitForRequest((r) => r.url().endsWith(`/vehicles/${onlineListeningVehicleId}/rate-limits`), {
      timeout: 20_000,
    });
    const rateLimit = signed(SECRET, {
      type: 'rate_limit.updated',
      timestamp: new Date().toISOString(),
      data: {
        remaining_requests: 3,
        max_requests: 10,
        domain: 'VEHICLE',
        window_size_seconds: 3600,
        object_id: onlineListeningVehicleId,
        key: 'OEM_ENERGY_API_COMMANDS',
      },
    });
    const sender = await playwright.request.newContext({ baseURL: page.url() });
    expect((await sender.post('/api/webhooks/vehicle-api/demo', { headers: rateLimit.headers, data: rateLimit.data })).status()).toBe(202);
    await sender.dispose();
    await budgetRead;
    await expect(received.getByText('rate_limit.updated', { exact: true })).toBeVisible();
  });
});
