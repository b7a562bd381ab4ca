import 'server-only';
import pino, { type DestinationStream, type Logger } from 'pino';
import { env } from '@/lib/env';

/**
 * Fields that may carry a secret, at the top of a line and under `headers` and `body`: masked by
 * pino before the line is written. The lines are built from templates and ids, so this is the
 * second defence. Explicit paths only: pino's wildcard paths cost over 100 µs a line, which the
 * per-request line cannot afford.
 */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'secret',
  'token',
  'accessToken',
  'refreshToken',
  'clientSecret',
  'access_token',
  'refresh_token',
  'client_secret',
  'x-sandbox-admin-token',
  // Header names as a caller may spell them: paths are exact and case-sensitive.
  'Authorization',
  'Cookie',
  'Set-Cookie',
  'X-Sandbox-Admin-Token',
];
const CONTAINERS = ['', 'headers', 'body'];
export const REDACTED_PATHS = CONTAINERS.flatMap((container) =>
  SECRET_FIELDS.map((field) => {
    const key = /^[A-Za-z_]\w*$/.test(field) ? (container ? `.${field}` : field) : `["${field}"]`;
    return `${container}${key}`;
  }),
);

/** `onWrite` is told of each line handed to the destination (a line below the level is none). */
export function createLogger(level: string, destination?: DestinationStream, onWrite?: () => void): Logger {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    ...(onWrite && {
      hooks: {
        streamWrite: (line: string) => {
          onWrite();
          return line;
        },
      },
    }),
  };
  return destination ? pino(options, destination) : pino(options);
}

// One logger per process, shared by the instrumentation and route bundles.
const holder = globalThis as { __motorpoolLogger?: Logger };

/** Lines gather up to this many bytes, or for FLUSH_MS, before one write. */
const BATCH_BYTES = 4096;
const FLUSH_MS = 250;

/**
 * The process's logger, at LOG_LEVEL, writing to stdout asynchronously and in batches: a write
 * per line cost about 0.12 ms of server CPU per request under load (a profile of
 * `npm run bench bff`), most of it the write call itself. A line waits at most FLUSH_MS; pino
 * flushes what is left when the process exits (the SIGTERM drain included); a SIGKILL can lose the
 * last lines.
 */
export function logger(): Logger {
  if (!holder.__motorpoolLogger) {
    const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
    // Flushed only when a line came since: an idle process makes no empty write four times a second.
    let pending = false;
    setInterval(() => {
      if (!pending) return;
      pending = false;
      try {
        destination.flush();
      } catch {
        // Closed at exit, after pino's own last flush.
      }
    }, FLUSH_MS).unref();
    holder.__motorpoolLogger = createLogger(env().LOG_LEVEL, destination, () => {
      pending = true;
    });
  }
  return holder.__motorpoolLogger;
}
