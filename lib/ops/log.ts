import 'server-only';
import pino, { type DestinationStream, type Logger } from 'pino';
import { env } from '@/lib/env';

/**
 * Fields that may carry a secret, wherever they sit one or two levels down: masked by pino before
 * a line is written. The lines are built from templates and ids, so this is the second defence.
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
];
export const REDACTED_PATHS = [
  ...SECRET_FIELDS.map((f) => (f.includes('-') ? `["${f}"]` : f)),
  ...SECRET_FIELDS.map((f) => (f.includes('-') ? `*["${f}"]` : `*.${f}`)),
  ...SECRET_FIELDS.map((f) => (f.includes('-') ? `*.*["${f}"]` : `*.*.${f}`)),
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}

// One logger per process, shared by the instrumentation and route bundles.
const holder = globalThis as { __motorpoolLogger?: Logger };

/** The process's logger, at LOG_LEVEL. */
export function logger(): Logger {
  return (holder.__motorpoolLogger ??= createLogger(env().LOG_LEVEL));
}
