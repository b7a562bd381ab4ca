import 'server-only';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Notifications } from '@/lib/db';
import { createBreaker, type Breaker, type BreakerChange, type BreakerOptions } from '@/lib/vehicle-api';

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
 * call of its own. Without `notifications` (PGlite, one process) it is the plain breaker.
 * A lost notification costs no more than today: that instance learns the pause from its own call.
 */
export function createSharedBreaker(
  notifications: Notifications | undefined,
  onError: (error: unknown) => void,
  options: Omit<BreakerOptions, 'onChange'> = {},
): Breaker {
  if (!notifications) return createBreaker(options);
  const self = randomUUID();
  const publish = (key: string, change: BreakerChange) => {
    notifications.notify(CHANNEL, JSON.stringify({ from: self, key, change })).catch(onError);
  };
  const breaker = createBreaker({ ...options, onChange: publish });
  notifications
    .listen(CHANNEL, (payload) => {
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
  return breaker;
}
