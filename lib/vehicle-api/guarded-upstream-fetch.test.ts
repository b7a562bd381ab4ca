import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, ForbiddenUpstreamAddressError, guardedLookup } from './guarded-upstream-fetch';

let server: Server;
let port = 0;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/landed` }).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] })
      .end(JSON.stringify({ method: req.method, auth: req.headers.authorization ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('guarded upstream fetch', () => {
  it('refuses loopback outside development, by literal and by name, before sending anything', async () => {
    const guarded = createGuardedFetch({ allowLoopback: false });
    hits.length = 0;
    await expect(
      guarded(`http://127.0.0.1:${port}/token`, { method: 'POST', body: 'x', headers: { authorization: 'Basic c2VjcmV0' } }),
    ).rejects.toBeInstanceOf(ForbiddenUpstreamAddressError);
    await expect(guarded(`http://[::ffff:127.0.0.1]:${port}/token`, { method: 'POST' })).rejects.toBeInstanceOf(
      ForbiddenUpstreamAddressError,
    );
    await expect(guarded(`http://localhost:${port}/token`, { method: 'POST' })).rejects.toThrow(/non-public address/);
    expect(hits).toEqual([]);
  });

  it('refuses a name that resolves to a private address at connect time (DNS rebinding)', async () => {
    let calls = 0;
    // First answer public (as when the URL was saved), then the metadata address.
    const rebinding = ((_host: string, _options: unknown, callback: (e: null, a: { address: string; family: number }[]) => void) => {
      calls += 1;
      callback(null, [{ address: calls === 1 ? '93.184.215.14' : '169.254.169.254', family: 4 }]);
    }) as unknown as typeof import('node:dns').lookup;
    const lookup = guardedLookup(false, rebinding);
    const first = await new Promise((resolve) => lookup('api.example.test', { all: true }, (error, address) => resolve(error ?? address)));
    expect(first).toEqual([{ address: '93.184.215.14', family: 4 }]);
    const second = await new Promise((resolve) => lookup('api.example.test', {}, (error) => resolve(error)));
    expect(second).toBeInstanceOf(ForbiddenUpstreamAddressError);
    const fetchRebound = createGuardedFetch({ allowLoopback: false, resolve: rebinding });
    await expect(fetchRebound(`http://api.example.test:${port}/token`, { method: 'POST' })).rejects.toBeInstanceOf(
      ForbiddenUpstreamAddressError,
    );
  });

  it('in development reaches loopback, answers status, headers and body, and never follows a redirect', async () => {
    const guarded = createGuardedFetch({ allowLoopback: true });
    hits.length = 0;
    const ok = await guarded(`http://localhost:${port}/token`, {
      method: 'POST',
      body: 'grant_type=client_credentials',
      headers: { authorization: 'Basic abc' },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ method: 'POST', auth: 'Basic abc' });
    expect(ok.headers.get('set-cookie')).toContain('a=1');
    const redirected = await guarded(`http://127.0.0.1:${port}/redirect`, { method: 'GET' });
    expect(redirected.status).toBe(302);
    expect(hits).toEqual(['/token', '/redirect']);
  });

  it('stops on the abort signal', async () => {
    const guarded = createGuardedFetch({ allowLoopback: true });
    const controller = new AbortController();
    controller.abort();
    await expect(guarded(`http://127.0.0.1:${port}/token`, { method: 'GET', signal: controller.signal })).rejects.toThrow();
  });
});
