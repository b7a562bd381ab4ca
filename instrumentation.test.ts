import { afterEach, describe, expect, it, vi } from 'vitest';
import { onRequestError } from './instrumentation';
import { captureLog } from './lib/ops/capture-log.test-support';

// Made up, in the shape of a link token.
const TOKEN = 'q9Zc4TfXkL2mNpR7sVwY0aBdEgHjKo3uIyTr5eWx1zA';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('onRequestError', () => {
  it('names the route by its template, never by the path that holds the token', async () => {
    const log = captureLog();
    vi.stubEnv('NEXT_RUNTIME', 'nodejs');
    try {
      await onRequestError(
        new Error('boom'),
        { path: `/invite/${TOKEN}?from=mail`, method: 'GET', headers: {} },
        { routerKind: 'App Router', routePath: '/invite/[token]', routeType: 'render', revalidateReason: undefined },
      );
    } finally {
      log.restore();
    }
    expect(log.lines()).toEqual([
      expect.objectContaining({ event: 'request.error', method: 'GET', routePath: '/invite/[token]', routeType: 'render' }),
    ]);
    expect(log.text()).not.toContain(TOKEN);
  });
});
