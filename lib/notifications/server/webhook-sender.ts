import 'server-only';
import { EventEmitter } from 'node:events';
import { getDbHandle, type Db, type Notifications } from '@/lib/db';
import { nextWebhookDueAt } from '@/lib/db/repos/notifications/webhooks';
import { env } from '@/lib/env';
import { logger } from '@/lib/ops/log';
import { DELIVERY_BATCH, deliverDueWebhooks, type DeliverOptions } from './webhook-deliveries';

const CHANNEL = 'motorpool_webhooks';

/** The signal "a delivery was queued": every instance's sender hears it (this one's included). */
export interface WebhookWake {
  wake(): Promise<void>;
  /** Calls `onWake` on each signal from now on; resolves once the signal is heard (the LISTEN is in place). */
  listen(onWake: () => void): Promise<() => void>;
}

/**
 * On PostgreSQL the signal is a NOTIFY, so a delivery queued by any instance (a web-only one
 * included) wakes the senders of all; on PGlite (one process) an in-process emitter.
 */
export function createWebhookWake(notifications: Notifications | undefined): WebhookWake {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let listening: Promise<void> | undefined;
  return {
    async wake() {
      if (notifications) await notifications.notify(CHANNEL, '');
      else emitter.emit('wake');
    },
    async listen(onWake) {
      emitter.on('wake', onWake);
      if (notifications) {
        listening ??= notifications
          .listen(CHANNEL, () => emitter.emit('wake'))
          .catch((error: unknown) => {
            listening = undefined;
            throw error;
          });
        await listening;
      }
      return () => emitter.off('wake', onWake);
    },
  };
}

type Holder = { wake?: WebhookWake };
// On globalThis: the routes' bundle queues deliveries, the jobs' bundle (instrumentation) sends them.
const holder = ((globalThis as { __motorpoolWebhookWake?: Holder }).__motorpoolWebhookWake ??= {});

/** The process's signal: through PostgreSQL with DATABASE_URL, in process on PGlite (asked without opening a database). */
export function webhookWake(): WebhookWake {
  holder.wake ??= createWebhookWake(env().DATABASE_URL ? getDbHandle().notifications : undefined);
  return holder.wake;
}

/** Wakes the senders after a delivery was queued. Never throws: the fallback poll sends what a lost signal missed. */
export async function wakeWebhookSenders(): Promise<void> {
  try {
    await webhookWake().wake();
  } catch (error) {
    logger().warn({ event: 'webhooks.wake_failed', err: error }, 'webhook senders not woken');
  }
}

export type WebhookSender = { ready: Promise<void>; stop(): Promise<void> };

/** What the sender reads the time from and sleeps on: the process's clock, or a test's. */
export interface SenderClock {
  now(): number;
  /** Calls `fire` after `ms` unless cancelled first (the returned function); the wait keeps no process alive. */
  after(ms: number, fire: () => void): () => void;
}

const PROCESS_CLOCK: SenderClock = {
  now: () => Date.now(),
  after(ms, fire) {
    const timer = setTimeout(fire, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** The longest a sender sleeps on a far due time before it looks again (a timer's range, and a safety). */
const MAX_SLEEP_MS = 60 * 60_000;
/** After a failed pass, or a due delivery this process could not take, before it looks again. */
const RETRY_PAUSE_MS = 1_000;

/**
 * A process's webhook sender: it sends what is due, then sleeps until the earliest pending
 * delivery falls due (a retry's backoff) or until a delivery is queued (the wake signal), whichever
 * comes first. Idle, it asks the database nothing; the recurring job `notifications.deliver_webhooks`
 * is the slow fallback for a lost signal or a crashed claim. Each delivery is still claimed by one
 * process of the cluster, so several senders never send one twice.
 */
export function startWebhookSender(options: {
  db: () => Db;
  wake: WebhookWake;
  deliver?: Omit<DeliverOptions, 'signal'>;
  maxSleepMs?: number;
  clock?: SenderClock;
}): WebhookSender {
  const abort = new AbortController();
  const maxSleepMs = options.maxSleepMs ?? MAX_SLEEP_MS;
  const clock = options.clock ?? PROCESS_CLOCK;
  let woken = false;
  let wakeUp: (() => void) | undefined;
  const onWake = () => {
    woken = true;
    wakeUp?.();
  };
  const unlisten = options.wake.listen(onWake);

  async function pass(): Promise<number> {
    let sent: number;
    do {
      sent = await deliverDueWebhooks(options.db(), { now: () => new Date(clock.now()), ...options.deliver, signal: abort.signal });
    } while (sent >= DELIVERY_BATCH && !abort.signal.aborted);
    const next = await nextWebhookDueAt(options.db());
    if (next === null) return maxSleepMs;
    const untilDue = next.getTime() - clock.now();
    return untilDue > 0 ? Math.min(untilDue, maxSleepMs) : sent === 0 ? RETRY_PAUSE_MS : 0;
  }

  const loop = (async () => {
    await unlisten.catch((error: unknown) =>
      logger().warn({ event: 'webhooks.listen_failed', err: error }, 'webhook sender: not listening; the fallback poll sends'),
    );
    while (!abort.signal.aborted) {
      woken = false;
      let sleepMs: number;
      try {
        sleepMs = await pass();
      } catch (error) {
        logger().error({ event: 'webhooks.send_failed', err: error }, 'webhook sender pass failed');
        sleepMs = RETRY_PAUSE_MS;
      }
      if (woken || abort.signal.aborted) continue;
      await new Promise<void>((resolve) => {
        const cancel = clock.after(sleepMs, resolve);
        wakeUp = () => {
          cancel();
          resolve();
        };
        abort.signal.addEventListener('abort', wakeUp, { once: true });
      });
      wakeUp = undefined;
    }
  })();

  return {
    ready: unlisten.then(
      () => undefined,
      () => undefined,
    ),
    async stop() {
      abort.abort();
      wakeUp?.();
      (await unlisten.catch(() => undefined))?.();
      await loop;
    },
  };
}
