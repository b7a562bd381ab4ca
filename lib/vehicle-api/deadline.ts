import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';

/** A BFF request's deadline for its Vehicle API calls: `at` on the `performance.now()` clock, `ms` its length. */
export interface UpstreamDeadline {
  at: number;
  ms: number;
}

// On globalThis: the per-org client is shared across route bundles, each with its own copy of this module.
const KEY = Symbol.for('motorpool.upstreamDeadline');
const storage = ((globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<UpstreamDeadline> })[KEY] ??=
  new AsyncLocalStorage<UpstreamDeadline>());

/**
 * Runs `work` under one deadline shared by every Vehicle API call it makes, however many (pages,
 * several sections), counted from `startedAt` (the request's arrival).
 */
export function withUpstreamDeadline<T>(ms: number, work: () => Promise<T>, startedAt = performance.now()): Promise<T> {
  return storage.run({ at: startedAt + ms, ms }, work);
}

/** The deadline of the request being served, when one was set. */
export const requestDeadline = (): UpstreamDeadline | undefined => storage.getStore();
