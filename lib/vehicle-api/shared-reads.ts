import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { UpstreamDeadline } from './deadline';

/** A successful upstream read as it can be shared: the status, the exact JSON body, the upstream's request id. */
export interface SharedBody {
  status: number;
  raw: unknown;
  requestId?: string;
}

/** How a read inside a shared scope is answered. */
export interface SharedReadOptions {
  /** A stored body at most this old answers (the section's freshness window). */
  maxAgeMs: number;
  /** A person asked for this read ("refresh"): the upstream is asked, and its answer stored for the others. */
  force: boolean;
  /** The caller's deadline: a wait for another instance's call ends before it. */
  deadline: UpstreamDeadline;
}

/**
 * Where instances share reads (lib/org/db-shared-reads.ts on PostgreSQL). `load` makes the
 * upstream call; only what it resolves to may be stored and given to others, never a failure.
 * `key` names the request within the store's organization (the store adds the organization);
 * `vehicleId`, the vehicle it is about, when its path names one.
 */
export interface SharedReadStore {
  /** Whether reads are shared at all here (not on a database only one process uses). */
  enabled(): boolean;
  read(
    request: { key: string; vehicleId?: string },
    options: SharedReadOptions,
    load: () => Promise<SharedBody>,
  ): Promise<SharedBody & { shared: boolean }>;
  /** After a write: the vehicle's stored reads (every read of the organization without one) are not shared any more. */
  forget(vehicleId?: string): Promise<void>;
}

export interface SharedReadScope {
  maxAgeMs: number;
  force: boolean;
}

// On globalThis: the per-org client is shared across route bundles, each with its own copy of this module.
const KEY = Symbol.for('motorpool.sharedReadScope');
const storage = ((globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<SharedReadScope> })[KEY] ??=
  new AsyncLocalStorage<SharedReadScope>());

/**
 * Runs `work` with its GETs shared across instances through the client's `sharedReads` store: a
 * read of a vehicle section a person is looking at. Reads outside such a scope (jobs, a command's
 * confirmation, the settler) always ask the upstream. `maxAgeMs` 0 shares nothing.
 */
export function withSharedReads<T>(scope: SharedReadScope, work: () => Promise<T>): Promise<T> {
  return scope.maxAgeMs > 0 ? storage.run(scope, work) : work();
}

/** The shared-read scope of the work being run, if any. */
export const sharedReadScope = (): SharedReadScope | undefined => storage.getStore();
