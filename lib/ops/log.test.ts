import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './log';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('log redaction', () => {
  it('masks secrets at the top of a line and in headers and body, however a header name is spelled', () => {
    const { lines, logger } = capture();
    logger.info(
      {
        token: 't-1',
        headers: { Authorization: 'Bearer a-1', authorization: 'Bearer a-2', Cookie: 'c-1', 'set-cookie': 'c-2' },
        body: { client_secret: 's-1', password: 'p-1' },
      },
      'line',
    );
    const line = lines.join('');
    for (const secret of ['t-1', 'a-1', 'a-2', 'c-1', 'c-2', 's-1', 'p-1']) expect(line).not.toContain(secret);
    expect(line).toContain('[REDACTED]');
  });
});

describe('the logger tells of each line it writes', () => {
  it('once per line at or above its level, and not for a line below it', () => {
    let told = 0;
    const stream = new Writable({ write: (_chunk, _encoding, done) => done() });
    const logger = createLogger('info', stream, () => (told += 1));
    logger.debug('below the level');
    expect(told).toBe(0);
    logger.info('one');
    logger.warn('two');
    expect(told).toBe(2);
  });
});
