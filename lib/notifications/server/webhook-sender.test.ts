import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type Db } from '@/lib/db';
import { uuidv7 } from '@/lib/db/ids';
import { createOrganization } from '@/lib/db/repos/organizations';
import { insertWebhookEndpoint } from '@/lib/db/repos/notifications/webhooks';
import { databaseLegs, useTestDatabase } from '@/lib/db/test-legs.test-support';
import { enqueueWebhook, newEventId, WEBHOOK_FALLBACK_POLL_MS, webhooksDeliverJob } from './webhook-deliveries';
import { newWebhookSecret } from './webhook-send';
import { createWebhookWake, startWebhookSender, webhookWake, type WebhookSender } from './webhook-sender';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');

const operatorAllows = { allowedHosts: ['127.0.0.1'] };

/** A receiver on 127.0.0.1 that notes when each delivery arrived. */
async function startReceiver() {
  const arrivals: number[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(Date.now());
      res.writeHead(204).end();
      waiters.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    arrivals,
    /** Resolves at the next arrival, or rejects after `ms`. */
    next: (ms: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no delivery within ${ms} ms`)), ms);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The database as the sender sees it, counting the reads (SELECTs) it starts. */
function countingReads(db: () => Db) {
  let reads = 0;
  const proxied = () =>
    new Proxy(db(), {
      get(target, prop) {
        if (prop === 'select') reads += 1;
        return Reflect.get(target, prop, target) as unknown;
      },
    });
  return { db: proxied, reads: () => reads };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const testPayload = (at: Date) => ({ type: 'webhook.test', id: newEventId(), timestamp: at.toISOString(), data: {} });

it('polls as a fallback once a minute, not every 2 s', () => {
  expect(WEBHOOK_FALLBACK_POLL_MS).toBeGreaterThanOrEqual(60_000);
  expect(webhooksDeliverJob(() => ({}) as Db).everyMs).toBe(WEBHOOK_FALLBACK_POLL_MS);
});

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`the webhook sender, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    const senders: WebhookSender[] = [];
    const closers: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(async () => {
      await Promise.all(senders.map((s) => s.stop()));
      await Promise.all(closers.map((c) => c()));
      await receiver?.close();
    });

    async function endpoint() {
      const slug = `s${Math.random().toString(36).slice(2, 8)}`;
      const org = await createOrganization(t.db, { slug, name: slug, apiBaseUrl: null, clientId: 'c', clientSecret: 's' });
      return insertWebhookEndpoint(t.db, org.id, { id: uuidv7(), url: receiver.url, description: '', secret: newWebhookSecret() });
    }

    /**
     * The sender of one instance and the signal another instance queues with: on PostgreSQL two
     * connections (NOTIFY crosses them), on PGlite the process's emitter (enqueueWebhook's own signal).
     */
    async function instances() {
      if (leg.kind === 'postgres') {
        const a = openPostgres(t.database.url!, { max: 2 });
        const b = openPostgres(t.database.url!, { max: 2 });
        closers.push(
          () => a.close(),
          () => b.close(),
        );
        return { senderWake: createWebhookWake(a.notifications), queuerWake: createWebhookWake(b.notifications) };
      }
      return { senderWake: webhookWake(), queuerWake: undefined };
    }

    it('sends a queued delivery at once, sleeps without reading while idle, and wakes for a retry when it falls due', async () => {
      const { senderWake, queuerWake } = await instances();
      const counted = countingReads(() => t.db);
      const sender = startWebhookSender({ db: counted.db, wake: senderWake, deliver: { policy: operatorAllows } });
      senders.push(sender);
      await sender.ready;
      await sleep(300);

      // Idle: the first pass read what was due and when the next is; then nothing for 2.5 s.
      const afterFirstPass = counted.reads();
      expect(afterFirstPass).toBeGreaterThan(0);
      await sleep(2_500);
      expect(counted.reads()).toBe(afterFirstPass);

      // Queued: sent within a moment, not at the next poll.
      const target = await endpoint();
      const queuedAt = Date.now();
      const arrived = receiver.next(2_000);
      await enqueueWebhook(t.db, target, testPayload(new Date()));
      await queuerWake?.wake();
      await arrived;
      expect(receiver.arrivals.at(-1)! - queuedAt).toBeLessThan(1_000);

      // Due later (as a retry's backoff): sent when it falls due, with no signal in between.
      const dueAt = Date.now() + 1_200;
      const later = receiver.next(4_000);
      await enqueueWebhook(t.db, target, testPayload(new Date(dueAt)), new Date(dueAt));
      await queuerWake?.wake();
      await later;
      const sentAt = receiver.arrivals.at(-1)!;
      expect(sentAt).toBeGreaterThanOrEqual(dueAt - 50);
      expect(sentAt - dueAt).toBeLessThan(800);

      // Idle again: no more reads.
      await sleep(300);
      const settled = counted.reads();
      await sleep(2_000);
      expect(counted.reads()).toBe(settled);
      await sender.stop();
    });
  });
}
