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
import { createWebhookWake, startWebhookSender, webhookWake, type SenderClock, type WebhookSender } from './webhook-sender';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0032');

const operatorAllows = { allowedHosts: ['127.0.0.1'] };

/**
 * The sender's clock, moved by the test: its sleep is a timer here that fires only when the test
 * advances past it, so "idle" and "when it falls due" are counts and instants, not wall-clock gaps.
 */
function testClock(start = Date.now()) {
  let now = start;
  const timers = new Set<{ at: number; fire: () => void }>();
  const clock: SenderClock & { advance(ms: number): void; timers(): number[] } = {
    now: () => now,
    after(ms, fire) {
      const timer = { at: now + ms, fire };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    advance(ms) {
      now += ms;
      for (const timer of [...timers].sort((a, b) => a.at - b.at))
        if (timer.at <= now) {
          timers.delete(timer);
          timer.fire();
        }
    },
    /** When the set timers fall due: the sender's one sleep while it sleeps, none while it works. */
    timers: () => [...timers].map((t) => t.at),
  };
  return clock;
}

/** A receiver on 127.0.0.1 that notes when (on the clock) each delivery arrived. */
async function startReceiver(clock: () => number) {
  const arrivals: number[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(clock());
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

/**
 * Waits, in real time (the database and the receiver are I/O), until the sender sleeps on the
 * clock: its one timer set, falling due at `until` when given (a signal may take a moment to wake it).
 */
async function asleep(clock: ReturnType<typeof testClock>, until?: number): Promise<void> {
  const sleeping = () => clock.timers().length === 1 && (until === undefined || clock.timers()[0] === until);
  for (const started = Date.now(); !sleeping(); await sleep(5))
    if (Date.now() - started > 10_000) throw new Error(`the sender is not asleep until ${until}: timers ${clock.timers().join(', ')}`);
}
const testPayload = (at: Date) => ({ type: 'webhook.test', id: newEventId(), timestamp: at.toISOString(), data: {} });

it('polls as a fallback once a minute, not every 2 s', () => {
  expect(WEBHOOK_FALLBACK_POLL_MS).toBeGreaterThanOrEqual(60_000);
  expect(webhooksDeliverJob(() => ({}) as Db).everyMs).toBe(WEBHOOK_FALLBACK_POLL_MS);
});

for (const leg of await databaseLegs()) {
  describe.skipIf(!leg.available)(`the webhook sender, on ${leg.kind}`, () => {
    const t = useTestDatabase(leg.kind);
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    const clock = testClock();
    const senders: WebhookSender[] = [];
    const closers: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      receiver = await startReceiver(clock.now);
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
      const sender = startWebhookSender({ db: counted.db, wake: senderWake, deliver: { policy: operatorAllows }, clock });
      senders.push(sender);
      await sender.ready;
      await asleep(clock);

      // Idle: the first pass read what was due and when the next is; then nothing for ten minutes.
      const afterFirstPass = counted.reads();
      expect(afterFirstPass).toBeGreaterThan(0);
      clock.advance(10 * 60_000);
      await asleep(clock);
      expect(counted.reads()).toBe(afterFirstPass);

      // Queued: sent at once (the clock has not moved), not at the next poll.
      const target = await endpoint();
      const queuedAt = clock.now();
      const arrived = receiver.next(5_000);
      await enqueueWebhook(t.db, target, testPayload(new Date(queuedAt)), new Date(queuedAt));
      await queuerWake?.wake();
      await arrived;
      expect(receiver.arrivals.at(-1)!).toBe(queuedAt);

      // Due later (as a retry's backoff): sent when it falls due, with no signal in between, and not before.
      await asleep(clock);
      const dueAt = clock.now() + 1_200;
      const sentBefore = receiver.arrivals.length;
      const later = receiver.next(5_000);
      await enqueueWebhook(t.db, target, testPayload(new Date(dueAt)), new Date(dueAt));
      await queuerWake?.wake();
      await asleep(clock, dueAt);
      clock.advance(1_199);
      await asleep(clock, dueAt);
      expect(receiver.arrivals.length).toBe(sentBefore);
      clock.advance(1);
      await later;
      const sentAt = receiver.arrivals.at(-1)!;
      expect(sentAt).toBeGreaterThanOrEqual(dueAt - 50);
      expect(sentAt - dueAt).toBeLessThan(800);

      // Idle again: no more reads.
      await asleep(clock);
      const settled = counted.reads();
      clock.advance(10 * 60_000);
      await asleep(clock);
      expect(counted.reads()).toBe(settled);
      await sender.stop();
    });
  });
}
