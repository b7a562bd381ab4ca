import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uuidv7 } from '@/lib/db/ids';
import { createOrganization } from '@/lib/db/repos/organizations';
import {
  findWebhookEndpoint,
  finishWebhookAttempt,
  insertWebhookDeliveries,
  insertWebhookEndpoint,
  pruneSettledWebhookDeliveries,
} from '@/lib/db/repos/notifications/webhooks';
import { webhookDeliveries, webhookDeliveryAttempts, type WebhookDeliveryStatus } from '@/lib/db/schema';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { useAsProcessDatabase } from '@/lib/db/testing.test-support';
import type { OrgAccess } from '@/lib/org/org-access';
import { rotateWebhookEndpointSecret } from './manage-webhook-endpoints';
import { deliverDueWebhooks, enqueueWebhook, newEventId, pruneOutboundWebhooks } from './webhook-deliveries';
import { newWebhookSecret } from './webhook-send';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0031');

const DAY_MS = 24 * 3_600_000;
const operatorAllows = { allowedHosts: ['127.0.0.1'] };

type Received = { headers: Record<string, string>; body: string };

/** A real HTTP receiver on 127.0.0.1 that records what arrives and answers 204. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether the receiver's copy verifies with `secret` at `at` (the library checks the timestamp against its clock). */
function verifiesWith(secret: string, got: Received, at: Date): boolean {
  vi.useFakeTimers({ now: at, toFake: ['Date'] });
  try {
    new Webhook(secret).verify(got.body, got.headers);
    return true;
  } catch {
    return false;
  } finally {
    vi.useRealTimers();
  }
}

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`outbound webhook retention and secret rotation, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    let receiver: Awaited<ReturnType<typeof startReceiver>>;

    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await receiver?.close();
    });

    async function endpointOf(url: string) {
      const slug = `r${Math.random().toString(36).slice(2, 8)}`;
      const org = await createOrganization(t.db, { slug, name: slug, apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      const secret = newWebhookSecret();
      const endpoint = await insertWebhookEndpoint(t.db, org.id, { id: uuidv7(), url, description: '', secret });
      return { org, endpoint, secret };
    }

    async function delivery(endpoint: { id: string; organizationId: string }, status: WebhookDeliveryStatus, createdAt: Date) {
      const eventId = newEventId();
      const [row] = await insertWebhookDeliveries(
        t.db,
        [
          {
            organizationId: endpoint.organizationId,
            endpointId: endpoint.id,
            eventId,
            eventType: 'webhook.test',
            payload: { id: eventId },
          },
        ],
        createdAt,
      );
      const attempt = {
        attempt: 1,
        attemptedAt: createdAt,
        ok: status === 'succeeded',
        statusCode: 200,
        durationMs: 3,
        error: null,
        responseExcerpt: null,
      };
      const settled = status === 'succeeded' || status === 'failed' ? status : 'pending';
      const nextAttemptAt = status === 'pending' ? new Date(Date.now() + 1_000 * DAY_MS) : null;
      await finishWebhookAttempt(t.db, row, attempt, { status: settled, nextAttemptAt });
      // A 'delivering' row with no claim time is not due: only a claim sets it.
      await t.db.update(webhookDeliveries).set({ createdAt, status }).where(eq(webhookDeliveries.id, row.id));
      return row.id;
    }

    it('prunes settled deliveries (and their attempts) older than the retention, keeping recent and unsettled ones', async () => {
      const { endpoint } = await endpointOf('https://hooks.example/in');
      const now = new Date('2026-11-29T12:00:00Z');
      const old = new Date(now.getTime() - 31 * DAY_MS);
      const recent = new Date(now.getTime() - 29 * DAY_MS);
      const oldSucceeded = await delivery(endpoint, 'succeeded', old);
      const oldFailed = await delivery(endpoint, 'failed', old);
      const oldPending = await delivery(endpoint, 'pending', old);
      const oldDelivering = await delivery(endpoint, 'delivering', old);
      const recentSucceeded = await delivery(endpoint, 'succeeded', recent);
      const recentFailed = await delivery(endpoint, 'failed', recent);

      expect(await pruneOutboundWebhooks(t.db, now, 30)).toEqual({ deliveries: 2, previousSecrets: 0 });
      const left = await t.db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(left.map((r) => r.id).sort()).toEqual([oldPending, oldDelivering, recentSucceeded, recentFailed].sort());
      const attempts = await t.db
        .select({ deliveryId: webhookDeliveryAttempts.deliveryId })
        .from(webhookDeliveryAttempts)
        .where(inArray(webhookDeliveryAttempts.deliveryId, [oldSucceeded, oldFailed]));
      expect(attempts).toEqual([]);
      // A shorter retention takes the recent ones too; the unsettled ones stay whatever their age.
      expect(await pruneOutboundWebhooks(t.db, now, 7)).toEqual({ deliveries: 2, previousSecrets: 0 });
      expect(await pruneOutboundWebhooks(t.db, now, 7)).toEqual({ deliveries: 0, previousSecrets: 0 });
    });

    it('prunes in batches until none is left', async () => {
      const { endpoint } = await endpointOf('https://hooks.example/batches');
      const old = new Date(Date.now() - 60 * DAY_MS);
      for (let i = 0; i < 5; i++) await delivery(endpoint, 'succeeded', old);
      expect(await pruneSettledWebhookDeliveries(t.db, new Date(Date.now() - 30 * DAY_MS), 2)).toBe(5);
      const left = await t.db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(left).toEqual([]);
    });

    it('signs with the new and the previous secret for the overlap after a rotation, then with the new one only', async () => {
      useAsProcessDatabase(t.database);
      const { org, endpoint, secret: oldSecret } = await endpointOf(receiver.url);
      const access = { org: { id: org.id, slug: org.slug } } as OrgAccess;
      const rotatedAt = new Date();
      const { secret: newSecret, endpoint: view } = await rotateWebhookEndpointSecret(access, endpoint.id, rotatedAt);
      expect(newSecret).not.toBe(oldSecret);
      expect(view.previousSecretUntil).toBe(new Date(rotatedAt.getTime() + DAY_MS).toISOString());
      // Kept sealed like the current one: neither secret is in the row in the clear.
      const stored = (await findWebhookEndpoint(t.db, org.id, endpoint.id))!;
      expect(JSON.stringify(stored)).not.toContain(oldSecret.slice(6));
      expect(JSON.stringify(stored)).not.toContain(newSecret.slice(6));
      expect(stored.previousSecretEncrypted).toBeTruthy();

      const send = async (at: Date) => {
        const before = receiver.received.length;
        const payload = { type: 'webhook.test', id: newEventId(), timestamp: at.toISOString(), data: {} };
        await enqueueWebhook(t.db, endpoint, payload, at);
        expect(await deliverDueWebhooks(t.db, { policy: operatorAllows, now: () => at })).toBe(1);
        expect(receiver.received.length).toBe(before + 1);
        return receiver.received[before];
      };

      // Within the overlap: two signatures, and a receiver holding either secret verifies the delivery.
      const during = new Date(rotatedAt.getTime() + 23 * 3_600_000);
      const first = await send(during);
      expect(first.headers['webhook-signature'].split(' ')).toHaveLength(2);
      expect(verifiesWith(oldSecret, first, during)).toBe(true);
      expect(verifiesWith(newSecret, first, during)).toBe(true);
      expect(verifiesWith(newWebhookSecret(), first, during)).toBe(false);

      // After it: the new secret only, even before the prune forgets the old one.
      const after = new Date(rotatedAt.getTime() + DAY_MS + 1_000);
      const second = await send(after);
      expect(second.headers['webhook-signature'].split(' ')).toHaveLength(1);
      expect(verifiesWith(newSecret, second, after)).toBe(true);
      expect(verifiesWith(oldSecret, second, after)).toBe(false);

      // The prune forgets it.
      expect((await pruneOutboundWebhooks(t.db, after, 30)).previousSecrets).toBeGreaterThanOrEqual(1);
      expect(await findWebhookEndpoint(t.db, org.id, endpoint.id)).toMatchObject({
        previousSecretEncrypted: null,
        previousSecretExpiresAt: null,
      });
    });
  });
}
