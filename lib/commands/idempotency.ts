/**
 * The browser's idempotency keys: one per intended command. Every attempt at the same command
 * (a double click, a press after a dropped response, a retry) carries the same key, so the server
 * executes it once; only an answer that settles the intent (2xx or 4xx) lets the next press of
 * that command become a new command with a new key.
 */
/** The header that carries the key; optional for API clients, always sent by the console. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type SubmitKeys = {
  /** The key of the intent `fingerprint` names: the open one if any, else a new one. */
  keyFor(fingerprint: string): string;
  /** Reports how an attempt with `key` ended: an HTTP status (and error code), or undefined when no answer arrived. */
  settle(key: string, status: number | undefined, code?: string): void;
};

/** Error codes of a 5xx the server gives only when nothing was sent (the organization's calls are paused). */
const NOTHING_SENT = new Set(['UPSTREAM_PAUSED']);

/** 128 random bits; `crypto.getRandomValues` works on plain-http origins too, unlike `randomUUID`. */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A 2xx or 4xx says what became of the command; a 5xx or no answer may hide an execution, unless it says nothing was sent. */
const settles = (status: number | undefined, code?: string) =>
  status !== undefined && ((status >= 200 && status < 500) || (code !== undefined && NOTHING_SENT.has(code)));

export function createSubmitKeys(makeKey: () => string = randomKey): SubmitKeys {
  let open: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(fingerprint) {
      if (open?.fingerprint !== fingerprint) open = { fingerprint, key: makeKey() };
      return open.key;
    },
    settle(key, status, code) {
      if (open?.key === key && settles(status, code)) open = null;
    },
  };
}

/** What makes two submits the same intent: the vehicle, the command and its arguments, keys in a stable order. */
export function commandFingerprint(vehicleId: string, input: { command: string; args?: Record<string, unknown> }): string {
  const args = Object.entries(input.args ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([vehicleId, input.command, args]);
}
