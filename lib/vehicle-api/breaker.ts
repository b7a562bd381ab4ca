import 'server-only';
import { VehicleApiError } from './errors';

/**
 * A breaker per organization: once the upstream asked us to wait (429 with Retry-After) or failed
 * several times in a row, the organization's calls fail fast until the wait is over, instead of
 * each request trying on its own. Then one call goes through as a probe (half-open): its success
 * closes the breaker, its failure opens it again.
 *
 * Each instance keeps its own state; `onChange` and `learn` let several instances share it (on
 * PostgreSQL, lib/org/shared-breaker.ts passes each change to the others through NOTIFY).
 */
export interface Breaker {
  /** Throws UPSTREAM_PAUSED while `key` is paused; else lets the call through (as the probe when half-open). */
  admit(key: string, endpoint: string): { probe: boolean };
  /** What the admitted call met: its status (0 when no answer came) and the Retry-After it carried. */
  record(key: string, outcome: { status: number; retryAfterMs?: number }, admitted: { probe: boolean }): void;
  /** Takes a pause (or its end) that another instance saw; a pause never shortens one known here. */
  learn(key: string, change: BreakerChange): void;
  /** Organizations the breaker holds state for (tests and metrics). */
  size(): number;
  /** Organizations whose calls are paused now (metrics). */
  pausedCount(): number;
}

/** A pause that began, or ended with a successful probe. */
export type BreakerChange = { open: true; openUntil: number; reason: 'asked' | 'failing'; failures: number } | { open: false };

export interface BreakerOptions {
  /** Failures in a row (5xx, no answer) that open the breaker. */
  failureThreshold?: number;
  /** How long a run of failures pauses calls. */
  cooldownMs?: number;
  /** Organizations remembered at most; the oldest state is dropped first. */
  maxEntries?: number;
  now?: () => number;
  /** Told of each pause this instance opens or closes (not of ones it learned). */
  onChange?: (key: string, change: BreakerChange) => void;
}

interface BreakerState {
  failures: number;
  openUntil?: number;
  reason?: 'asked' | 'failing';
  probing: boolean;
}

/** While a probe is out, the others are told to come back in about this long. */
const PROBE_WAIT_MS = 1_000;

const clock = (at: number) => new Date(at).toISOString().slice(11, 16);

export function createBreaker(options: BreakerOptions = {}): Breaker {
  const threshold = options.failureThreshold ?? 5;
  const cooldownMs = options.cooldownMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 1_000;
  const now = options.now ?? Date.now;
  const states = new Map<string, BreakerState>();

  const paused = (endpoint: string, state: BreakerState, until: number) => {
    const retryAfterMs = Math.max(0, until - now());
    const message =
      state.reason === 'asked'
        ? `The Vehicle API asked us to wait until ${clock(until)} UTC; calls for this organization pause until then.`
        : `The Vehicle API failed ${state.failures} times in a row; calls for this organization pause until ${clock(until)} UTC.`;
    return new VehicleApiError({ code: 'UPSTREAM_PAUSED', status: 0, endpoint, message, retryable: true, retryAfterMs });
  };

  const put = (key: string, state: BreakerState) => {
    states.delete(key);
    states.set(key, state);
    if (states.size > maxEntries) states.delete(states.keys().next().value!);
  };
  const open = (key: string, state: BreakerState, openUntil: number, reason: 'asked' | 'failing') => {
    put(key, { ...state, openUntil, reason });
    options.onChange?.(key, { open: true, openUntil, reason, failures: state.failures });
  };

  return {
    admit(key, endpoint) {
      const state = states.get(key);
      if (state?.openUntil === undefined) return { probe: false };
      if (now() < state.openUntil) throw paused(endpoint, state, state.openUntil);
      if (state.probing) throw paused(endpoint, state, now() + PROBE_WAIT_MS);
      state.probing = true;
      return { probe: true };
    },
    record(key, { status, retryAfterMs }, admitted) {
      const state = states.get(key) ?? { failures: 0, probing: false };
      if (admitted.probe) state.probing = false;
      if (status === 429 && retryAfterMs !== undefined) {
        open(key, state, now() + retryAfterMs, 'asked');
        return;
      }
      if (status === 0 || status >= 500) {
        state.failures++;
        if (state.failures >= threshold || admitted.probe) open(key, state, now() + cooldownMs, 'failing');
        else put(key, state);
        return;
      }
      // Any other answer (a 2xx, a 4xx about the request) shows the upstream serving us again; but a
      // call sent before a pause began says nothing about the pause.
      if (admitted.probe || state.openUntil === undefined) states.delete(key);
      if (admitted.probe) options.onChange?.(key, { open: false });
    },
    learn(key, change) {
      const state = states.get(key);
      if (!change.open) {
        // Another instance's probe went through: the upstream serves this organization again.
        if (state?.openUntil !== undefined && !state.probing) states.delete(key);
        return;
      }
      if (state?.openUntil !== undefined && state.openUntil >= change.openUntil) return;
      put(key, { failures: change.failures, probing: false, openUntil: change.openUntil, reason: change.reason });
    },
    size: () => states.size,
    pausedCount: () => {
      const at = now();
      let count = 0;
      for (const state of states.values()) if (state.openUntil !== undefined && at < state.openUntil) count += 1;
      return count;
    },
  };
}
