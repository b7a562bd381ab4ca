import 'server-only';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Notifications } from '@/lib/db';
import { createBreaker, type Breaker, type BreakerOptions } from '@/lib/vehicle-api';

const CHANNEL = 'motorpool_breaker';

const messageSchema = z.object({
  from: z.string(),
  key: z.string(),
  change: z.discriminatedUnion('open', [
    z.object({
      open: z.literal(true),
      openUntil: z.number(),
      reason: z.enum(['asked', 'failing']),
      failures: z.number().int().nonnegative(),
    }),
    z.object({ open: z.literal(false) }),
  ]),
});

/**
 * A breaker whose pauses every instance on the same PostgreSQL learns at once: when the upstream
 * asks one instance to wait, the others stop calling too, instead of each learning it with a
 * call of its own. `notifications` is asked on first use, so building a client opens no database;
 * without them (PGlite, one process) it is the plain breaker.
 * A lost notification costs no more than an unshared breaker: that instance learns the pause from
 * its own call.
 */
export function createSharedBreaker(
  notifications: () => Notifications | undefined,
  onError: (error: unknown) => void,
  options: Omit<BreakerOptions, 'onChange'> = {},
): Breaker {
  const self = randomUUID();
  let channel: Notifications | undefined;
  let connected = false;
  const breaker = createBreaker({
    ...options,
    onChange: (key, change) => {
      channel?.notify(CHANNEL, JSON.stringify({ from: self, key, change })).catch(onError);
    },
  });
  const connect = () => {
    if (connected) return;
    connected = true;
    channel = notifications();
    channel
      ?.listen(CHANNEL, (payload) => {
        let parsed: z.infer<typeof messageSchema>;
        try {
          parsed = messageSchema.parse(JSON.parse(payload));
        } catch (error) {
          onError(error);
          return;
        }
        if (parsed.from !== self) breaker.learn(parsed.key, parsed.change);
      })
      .catch(onError);
  };
  return {
    ...breaker,
    admit(key, endpoint) {
      connect();
      return breaker.admit(key, endpoint);
    },
    record(key, outcome, admitted) {
      connect();
      breaker.record(key, outcome, admitted);
    },
  };
}
