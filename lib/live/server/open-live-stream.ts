import 'server-only';
import { isDeliverable, type LiveSubscriber } from '@/lib/live/notice';
import { AppError } from '@/lib/errors/app-error';
import { isDraining } from '@/lib/ops/drain';
import type { ChangeBus, DeliveredNotice } from './change-bus';

export type LiveLimits = {
  /** Streams one person may hold on this instance (one per open tab). */
  perPerson: number;
  /** Streams this instance holds at most. */
  perInstance: number;
  /** A heartbeat event after this long without one (proxies and the browser see the stream is alive). */
  heartbeatMs: number;
  /** Closed after this long without a notice: a tab left hidden gives its stream back (a visible one reconnects). */
  idleMs: number;
  /** Closed after this long whatever: the reconnect checks the session and membership again. */
  maxAgeMs: number;
};

/** Why the server ends a stream, the `close` event's data: the browser reconnects after `idle` only when the tab is visible. */
type CloseReason = 'idle' | 'renew' | 'restart';

type OpenStream = {
  userId: string;
  openedAt: number;
  lastNoticeAt: number;
  lastWriteAt: number;
  write: (frame: string) => void;
  close: (reason?: CloseReason) => void;
};

type Registry = { streams: Set<OpenStream>; ticker?: ReturnType<typeof setInterval> };
// On globalThis: every route bundle of the process counts against the same limits.
const registry = ((globalThis as { __motorpoolLiveStreams?: Registry }).__motorpoolLiveStreams ??= { streams: new Set() });

const TICK_MS = 1_000;

/** One timer for every stream of the process: heartbeats, idle and age closes, and closing all on shutdown. */
function tick(limits: LiveLimits) {
  const now = Date.now();
  const draining = isDraining();
  for (const stream of registry.streams) {
    if (draining) stream.close('restart');
    else if (now - stream.openedAt >= limits.maxAgeMs) stream.close('renew');
    else if (now - stream.lastNoticeAt >= limits.idleMs) stream.close('idle');
    else if (now - stream.lastWriteAt >= limits.heartbeatMs) stream.write(`event: heartbeat\ndata: ${now}\n\n`);
  }
}

function track(stream: OpenStream, limits: LiveLimits) {
  registry.streams.add(stream);
  registry.ticker ??= setInterval(() => tick(limits), TICK_MS);
  registry.ticker.unref?.();
}

function untrack(stream: OpenStream) {
  registry.streams.delete(stream);
  if (registry.streams.size === 0 && registry.ticker) {
    clearInterval(registry.ticker);
    registry.ticker = undefined;
  }
}

/** Streams this instance holds now, all and one person's. */
export function countLiveStreams(userId?: string): number {
  if (userId === undefined) return registry.streams.size;
  let count = 0;
  for (const stream of registry.streams) if (stream.userId === userId) count++;
  return count;
}

function assertRoom(userId: string, limits: LiveLimits) {
  if (countLiveStreams() >= limits.perInstance) {
    throw new AppError(
      'LIVE_STREAMS_PER_INSTANCE',
      'This server holds as many live streams as it may; the page keeps refreshing on its own.',
      {
        retryAfterSeconds: 60,
        retryable: true,
      },
    );
  }
  if (countLiveStreams(userId) >= limits.perPerson) {
    throw new AppError(
      'LIVE_STREAMS_PER_PERSON',
      `You have ${limits.perPerson} console tabs with live updates open; this one refreshes on its own instead.`,
      { retryAfterSeconds: 60, retryable: true },
    );
  }
}

const frameOf = (delivered: DeliveredNotice) => `id: ${delivered.id}\nevent: notice\ndata: ${JSON.stringify(delivered.notice)}\n\n`;

export type LiveStreamInput = {
  subscriber: LiveSubscriber & { userId: string };
  /** The last event the browser received, when it reconnects. */
  lastEventId?: string;
  /** Aborted when the browser goes away. */
  signal?: AbortSignal;
};

/**
 * A server-sent events stream of the organization's change notices this person may read. A
 * reconnect with Last-Event-ID gets what it missed from this instance's recent notices, or a
 * `resync` event when they do not reach back (another instance, a restart): the page then reads
 * again everything the stream keeps fresh.
 */
export async function openLiveStream(bus: ChangeBus, limits: LiveLimits, input: LiveStreamInput): Promise<Response> {
  const { subscriber, lastEventId, signal } = input;
  assertRoom(subscriber.userId, limits);
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let closed = false;
  const now = Date.now();
  const stream: OpenStream = {
    userId: subscriber.userId,
    openedAt: now,
    lastNoticeAt: now,
    lastWriteAt: now,
    write(frame) {
      if (closed || !controller) return;
      try {
        controller.enqueue(encoder.encode(frame));
        stream.lastWriteAt = Date.now();
      } catch {
        stream.close();
      }
    },
    close(reason) {
      if (closed) return;
      if (reason) stream.write(`event: close\ndata: ${reason}\n\n`);
      closed = true;
      untrack(stream);
      subscription.unsubscribe();
      signal?.removeEventListener('abort', onAbort);
      try {
        controller?.close();
      } catch {
        // Already closed by the other side.
      }
    },
  };
  const onAbort = () => stream.close();
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
    cancel: () => stream.close(),
  });

  // The replay and the subscription in one synchronous step: nothing delivered falls between them.
  const missed = lastEventId ? subscriberReplay(bus, lastEventId, subscriber) : [];
  const subscription = bus.subscribe((delivered) => {
    if (!isDeliverable(delivered, subscriber)) return;
    stream.lastNoticeAt = Date.now();
    stream.write(frameOf(delivered));
  });
  track(stream, limits);
  signal?.addEventListener('abort', onAbort);
  if (missed === 'resync') stream.write('event: resync\ndata: 1\n\n');
  else for (const delivered of missed) stream.write(frameOf(delivered));
  try {
    await subscription.ready;
  } catch (error) {
    stream.close();
    throw error;
  }
  // The browser's `open` (the page's "Live") comes with the headers: sent only once the stream hears every instance.
  stream.write(': live\n\n');
  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the server's compression (and any proxy's) would hold events back to fill a block.
      'Cache-Control': 'no-cache, no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}

function subscriberReplay(bus: ChangeBus, lastEventId: string, subscriber: LiveSubscriber): DeliveredNotice[] | 'resync' {
  const missed = bus.since(lastEventId);
  return missed ? missed.filter((delivered) => isDeliverable(delivered, subscriber)) : 'resync';
}
