import 'server-only';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Notifications } from '@/lib/db';
import { readNotice, type LiveNotice, type OrgNotice } from '@/lib/live/notice';

const CHANNEL = 'motorpool_live';
/** Notices kept for a stream that reconnects with Last-Event-ID; an older id is answered with a resync. */
const REPLAY_SIZE = 1_000;

/** A notice as this instance delivered it: `id` is `<instance>.<sequence>`, the stream's event id. */
export type DeliveredNotice = OrgNotice & { id: string; seq: number };
type Listener = (delivered: DeliveredNotice) => void;

export interface ChangeBus {
  /** Sends the notice to every instance's streams (this one's included). */
  publish(published: OrgNotice): Promise<void>;
  /**
   * Registers `listener` at once; `ready` resolves when the bus hears every instance (the LISTEN
   * is in place), so a notice published after it is never missed.
   */
  subscribe(listener: Listener): { ready: Promise<void>; unsubscribe: () => void };
  /**
   * What was delivered after the event `lastEventId`, oldest first; undefined when this instance
   * cannot say (another instance's id, a restart, or older than what it keeps): resync then.
   */
  since(lastEventId: string): DeliveredNotice[] | undefined;
}

const envelopeSchema = z.object({ organizationId: z.string().min(1).max(64), notice: z.unknown() });

/**
 * The live notices of one process. With PostgreSQL they travel through NOTIFY, so whichever
 * instance made a change, every instance's streams hear it; on PGlite (one process) they are
 * handed to the listeners directly. Each instance numbers what it delivers, for Last-Event-ID.
 */
export function createChangeBus(notifications: Notifications | undefined, onError: (error: unknown) => void): ChangeBus {
  const instance = randomUUID().slice(0, 8);
  const listeners = new Set<Listener>();
  const recent: DeliveredNotice[] = [];
  let seq = 0;
  let listening: Promise<void> | undefined;

  const deliver = (published: OrgNotice) => {
    seq += 1;
    const delivered: DeliveredNotice = { ...published, id: `${instance}.${seq}`, seq };
    recent.push(delivered);
    if (recent.length > REPLAY_SIZE) recent.shift();
    for (const listener of listeners) {
      try {
        listener(delivered);
      } catch (error) {
        onError(error);
      }
    }
  };

  const fromOtherInstance = (payload: string) => {
    let notice: LiveNotice | undefined;
    let organizationId: string;
    try {
      const envelope = envelopeSchema.parse(JSON.parse(payload));
      organizationId = envelope.organizationId;
      notice = readNotice(envelope.notice);
    } catch (error) {
      onError(error);
      return;
    }
    if (notice) deliver({ organizationId, notice });
    else onError(new Error('live: a NOTIFY payload that is no notice'));
  };

  const listen = () => {
    listening ??= notifications
      ? notifications.listen(CHANNEL, fromOtherInstance).catch((error: unknown) => {
          // The next subscriber tries again.
          listening = undefined;
          throw error;
        })
      : Promise.resolve();
    return listening;
  };

  return {
    async publish(published) {
      if (!notifications) deliver(published);
      // NOTIFY comes back to this instance too, when it listens: delivered once, through the channel.
      else await notifications.notify(CHANNEL, JSON.stringify({ organizationId: published.organizationId, notice: published.notice }));
    },
    subscribe(listener) {
      listeners.add(listener);
      return { ready: listen(), unsubscribe: () => listeners.delete(listener) };
    },
    since(lastEventId) {
      const match = /^([0-9a-f]{8})\.(\d{1,15})$/.exec(lastEventId);
      if (!match || match[1] !== instance) return undefined;
      const after = Number(match[2]);
      if (after > seq) return undefined;
      const oldest = recent[0]?.seq ?? seq + 1;
      // The next event the stream missed must still be here.
      if (after + 1 < oldest) return undefined;
      return recent.filter((d) => d.seq > after);
    },
  };
}
