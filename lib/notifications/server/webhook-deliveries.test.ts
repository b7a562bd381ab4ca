import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listInbox } from '@/lib/db/repos/notifications/inbox';
import { updateRule } from '@/lib/db/repos/notifications/rules';
import { findWebhookEndpoint, insertWebhookEndpoint, listWebhookDeliveries } from '@/lib/db/repos/notifications/webhooks';
import { uuidv7 } from '@/lib/db/ids';
import { useTestDatabase } from '@/lib/db/test-legs.test-support';
import { deliverNotification } from './deliver-notification';
import { orgWithSilenceRule } from './notifications-test-org.test-support';
import { deliverDueWebhooks } from './webhook-deliveries';
import { deliveryLookup } from './webhook-target';
import { newWebhookSecret } from './webhook-send';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0029');

type Received = { headers: Record<string, string>; body: string };

/** A real HTTP receiver on 127.0.0.1: records what arrives and answers with the status it is told. */
async function startReceiver() {
  const received: Received[] = [];
  let answer = 204;
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answer, { 'content-type': 'text/plain' });
      res.end(answer >= 400 ? `receiver down (${answer}) ${'x'.repeat(1000)}` : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/motorpool`,
    received,
    answerWith: (status: number) => {
      answer = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const operatorAllows = { allowedHosts: ['127.0.0.1'] };
const message = { title: 'No data from veh-9 for 6 hours', body: 'Vehicle veh-9 last reported at 08:00.', vehicleId: 'veh-9' };

describe('outbound webhook deliveries, against a real receiver', () => {
  const t = useTestDatabase('pglite');
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  async function orgWithEndpoint(slug: string) {
    const setup = await orgWithSilenceRule(t.db, slug, ['webhook']);
    const secret = newWebhookSecret();
    const endpoint = await insertWebhookEndpoint(t.db, setup.org.id, { id: uuidv7(), url: receiver.url, description: 'ops', secret });
    const rule = (await updateRule(t.db, setup.org.id, setup.rule.id, { webhookEndpointIds: [endpoint.id] }))!;
    return { ...setup, rule, endpoint, secret };
  }

  it('sends a rule’s notification signed with Standard Webhooks, which the receiver verifies', async () => {
    receiver.answerWith(204);
    const { rule, endpoint, secret } = await orgWithEndpoint('signed');
    const before = receiver.received.length;
    await deliverNotification(t.db, rule, message, { mailer: null });
    expect(await deliverDueWebhooks(t.db, { policy: operatorAllows })).toBe(1);
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const payload = new Webhook(secret).verify(got[0].body, got[0].headers) as Record<string, unknown>;
    expect(payload).toMatchObject({
      type: 'notification.no_data',
      id: got[0].headers['webhook-id'],
      data: { rule: { id: rule.id, name: 'Silent vehicles', kind: 'no_data' }, title: message.title, vehicleId: 'veh-9', cleared: false },
    });
    expect(got[0].headers['webhook-id']).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(got[0].headers['content-type']).toBe('application/json');
    // Another secret does not verify it.
    expect(() => new Webhook(newWebhookSecret()).verify(got[0].body, got[0].headers)).toThrow();
    const [logged] = await listWebhookDeliveries(t.db, endpoint.id, 10);
    expect(logged.delivery).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 204 });
    expect(logged.attempts).toEqual([expect.objectContaining({ attempt: 1, ok: true, statusCode: 204 })]);
    // Delivered once: the next pass finds nothing due.
    expect(await deliverDueWebhooks(t.db, { policy: operatorAllows })).toBe(0);
  });

  it('retries a failing endpoint on the backoff schedule with the same event id, each attempt signed afresh, and logs each', async () => {
    receiver.answerWith(503);
    const { rule, endpoint, secret } = await orgWithEndpoint('retried');
    let now = new Date('2026-11-29T10:00:00Z');
    const clock = () => now;
    const before = receiver.received.length;
    await deliverNotification(t.db, rule, message, { mailer: null, now });
    const options = { policy: operatorAllows, now: clock, random: () => 0 };
    expect(await deliverDueWebhooks(t.db, options)).toBe(1);
    // Not due again before its 10 s are up.
    now = new Date(now.getTime() + 9_000);
    expect(await deliverDueWebhooks(t.db, options)).toBe(0);
    now = new Date(now.getTime() + 1_000);
    expect(await deliverDueWebhooks(t.db, options)).toBe(1);
    now = new Date(now.getTime() + 39_999);
    expect(await deliverDueWebhooks(t.db, options)).toBe(0);
    receiver.answerWith(200);
    now = new Date(now.getTime() + 1);
    expect(await deliverDueWebhooks(t.db, options)).toBe(1);
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(3);
    expect(new Set(got.map((g) => g.headers['webhook-id'])).size).toBe(1);
    expect(new Set(got.map((g) => g.headers['webhook-timestamp'])).size).toBe(3);
    // Each attempt verifies at its own time (the library refuses a timestamp older than five minutes).
    vi.useFakeTimers({ now, toFake: ['Date'] });
    try {
      expect(() => new Webhook(secret).verify(got[2].body, got[2].headers)).not.toThrow();
    } finally {
      vi.useRealTimers();
    }
    const [logged] = await listWebhookDeliveries(t.db, endpoint.id, 10);
    expect(logged.delivery).toMatchObject({ status: 'succeeded', attempts: 3, lastStatusCode: 200 });
    expect(logged.attempts.map((a) => [a.attempt, a.ok, a.statusCode])).toEqual([
      [1, false, 503],
      [2, false, 503],
      [3, true, 200],
    ]);
    expect(logged.attempts[0].responseExcerpt).toMatch(/^receiver down \(503\) x+$/);
    expect(logged.attempts[0].responseExcerpt!.length).toBe(300);
    expect(await findWebhookEndpoint(t.db, endpoint.organizationId, endpoint.id)).toMatchObject({ consecutiveFailures: 0 });
  });

  it('switches an endpoint off after sustained failure and tells the admins in the console, once', async () => {
    receiver.answerWith(500);
    const { org, admin, manager, rule, endpoint } = await orgWithEndpoint('sustained');
    let now = new Date('2026-11-29T00:00:00Z');
    const options = { policy: operatorAllows, now: () => now, random: () => 0, disableAfter: { failures: 3, periodMs: 60_000 } };
    // Three events, each failing once at once: three failures in a row, but within the minute.
    for (let i = 0; i < 3; i++) await deliverNotification(t.db, rule, { ...message, vehicleId: `veh-${i}` }, { mailer: null, now });
    expect(await deliverDueWebhooks(t.db, options)).toBe(3);
    expect(await findWebhookEndpoint(t.db, org.id, endpoint.id)).toMatchObject({ enabled: true, consecutiveFailures: 3 });
    // Their retries a minute later: the run of failures has now lasted long enough.
    now = new Date(now.getTime() + 60_000);
    await deliverDueWebhooks(t.db, options);
    const off = await findWebhookEndpoint(t.db, org.id, endpoint.id);
    expect(off).toMatchObject({ enabled: false });
    expect(off?.disabledReason).toMatch(/^4 failed attempts in a row since 2026-11-29T00:00:00.000Z$/);
    const adminInbox = await listInbox(t.db, org.id, admin.id, { limit: 10 });
    expect(adminInbox.filter((n) => n.kind === 'webhook_disabled')).toHaveLength(1);
    expect(adminInbox[0].title).toBe(`Webhook endpoint ${receiver.url} switched off`);
    expect((await listInbox(t.db, org.id, manager.id, { limit: 10 })).filter((n) => n.kind === 'webhook_disabled')).toHaveLength(0);
    // Nothing more is sent to it, and a new notification queues nothing for it.
    const before = receiver.received.length;
    now = new Date(now.getTime() + 3_600_000);
    await deliverNotification(t.db, rule, message, { mailer: null, now });
    expect(await deliverDueWebhooks(t.db, options)).toBe(0);
    expect(receiver.received.length).toBe(before);
    const log = await listWebhookDeliveries(t.db, endpoint.id, 10);
    expect(log.every((d) => d.delivery.status === 'failed')).toBe(true);
  });

  it('names a socket or TLS failure by its code, never by the library’s own text', async () => {
    const { org, rule } = await orgWithEndpoint('tls');
    // The receiver speaks plain HTTP: a TLS handshake with it fails inside OpenSSL.
    const endpoint = await insertWebhookEndpoint(t.db, org.id, {
      id: uuidv7(),
      url: receiver.url.replace('http:', 'https:'),
      description: '',
      secret: newWebhookSecret(),
    });
    await updateRule(t.db, org.id, rule.id, { webhookEndpointIds: [endpoint.id] });
    await deliverNotification(t.db, { ...rule, webhookEndpointIds: [endpoint.id] }, message, { mailer: null });
    await deliverDueWebhooks(t.db, { policy: operatorAllows });
    const [logged] = await listWebhookDeliveries(t.db, endpoint.id, 10);
    expect(logged.attempts[0]).toMatchObject({ ok: false, statusCode: null, error: 'The request failed (EPROTO)' });
  });

  it('refuses the receiver on 127.0.0.1 at delivery time when the operator does not allow it', async () => {
    receiver.answerWith(204);
    const { rule, endpoint } = await orgWithEndpoint('refused');
    const before = receiver.received.length;
    await deliverNotification(t.db, rule, message, { mailer: null });
    await deliverDueWebhooks(t.db, { policy: { allowedHosts: [] } });
    expect(receiver.received.length).toBe(before);
    const [logged] = await listWebhookDeliveries(t.db, endpoint.id, 10);
    expect(logged.attempts[0]).toMatchObject({ ok: false, statusCode: null, error: 'The URL must use https' });
  });

  it('refuses a name that resolves to a private address at connect time (DNS rebinding)', async () => {
    const { org, rule } = await orgWithEndpoint('rebound');
    const endpoint = await insertWebhookEndpoint(t.db, org.id, {
      id: uuidv7(),
      url: 'https://hooks.rebind.example/in',
      description: '',
      secret: newWebhookSecret(),
    });
    await updateRule(t.db, org.id, rule.id, { webhookEndpointIds: [endpoint.id] });
    const rebound = vi.fn((_host: string, _options: unknown, callback: (e: null, a: { address: string; family: number }[]) => void) =>
      callback(null, [{ address: '127.0.0.1', family: 4 }]),
    );
    await deliverNotification(t.db, { ...rule, webhookEndpointIds: [endpoint.id] }, message, { mailer: null });
    await deliverDueWebhooks(t.db, { policy: { allowedHosts: [] }, lookupFor: (v) => deliveryLookup(v, rebound as never) });
    expect(rebound).toHaveBeenCalled();
    const [logged] = await listWebhookDeliveries(t.db, endpoint.id, 10);
    expect(logged.attempts[0]).toMatchObject({ ok: false, statusCode: null });
    // The host the person typed, never the address it resolved to (our network's DNS is not theirs to read).
    expect(logged.attempts[0].error).toBe('Refused to deliver to hooks.rebind.example: it resolves to a non-public address');
  });
});
