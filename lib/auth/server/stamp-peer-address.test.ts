import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PEER_ADDRESS_HEADER } from './client-address';
import { installPeerAddressStamp } from './stamp-peer-address';

describe('peer address stamp', () => {
  it('replaces any client-sent peer header with the socket address on every HTTP server', async () => {
    installPeerAddressStamp();
    installPeerAddressStamp(); // idempotent
    const seen: Array<string | string[] | undefined> = [];
    const server = createServer((req, res) => {
      seen.push(req.headers[PEER_ADDRESS_HEADER]);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const get = (headers: Record<string, string>) =>
      new Promise<void>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/', headers }, (res) => res.resume().on('end', resolve));
        req.on('error', reject).end();
      });
    try {
      await get({ [PEER_ADDRESS_HEADER]: '203.0.113.66', 'x-forwarded-for': '203.0.113.66' });
      await get({});
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(seen).toEqual(['127.0.0.1', '127.0.0.1']);
  });
});
