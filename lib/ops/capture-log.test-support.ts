import 'server-only';
import { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { createLogger } from './log';

const holder = globalThis as { __motorpoolLogger?: Logger };

/**
 * For tests: `logger()` writes its lines (redaction included) into `lines` until `restore()`.
 * The process's logger is the one on globalThis, so this reaches every module that logs.
 */
export function captureLog(): { lines: () => Record<string, unknown>[]; text: () => string; restore: () => void } {
  const written: string[] = [];
  const previous = holder.__motorpoolLogger;
  holder.__motorpoolLogger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    }),
  );
  return {
    lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => written.join(''),
    restore: () => {
      holder.__motorpoolLogger = previous;
    },
  };
}
