import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drain, installSignalDrain, isDraining, requestsInFlight, trackRequests } from './drain';

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

/** A server whose `/slow` answers only when `release()` is called; `answered` runs once it has. */
async function startServer(answered: () => void = () => {}) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const server = createServer((req, res) => {
    if (req.url === '/slow') void released.then(() => res.end('done', answered));
    else res.end('fast');
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, release };
}

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function until(condition: () => boolean) {
  const deadline = Date.now() + 30_000;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

describe('drain', () => {
  trackRequests();

  it('stops taking connections, lets the request in flight finish, then closes', async () => {
    // The order is the server's: the client may read the answer after the close has run.
    const order: string[] = [];
    const { port, release } = await startServer(() => order.push('answered'));
    expect(await get(port, '/fast')).toEqual({ status: 200, body: 'fast' });
    const slow = get(port, '/slow');
    await until(() => requestsInFlight() === 1);

    const drained = drain({ timeoutMs: 10_000, close: async () => void order.push('close') });
    expect(isDraining()).toBe(true);
    // The listener is closed at once: a new connection is refused.
    await expect(get(port, '/fast')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(order).toEqual([]);

    release();
    expect(await slow).toEqual({ status: 200, body: 'done' });
    expect(await drained).toEqual({ abandoned: 0 });
    expect(order).toEqual(['answered', 'close']);
    expect(requestsInFlight()).toBe(0);
  });

  it('waits no longer than its time-out, cuts what is left and still closes', async () => {
    const { port, release } = await startServer();
    const slow = get(port, '/slow').catch((error: unknown) => error);
    await until(() => requestsInFlight() === 1);
    const close = vi.fn(async () => {});
    const started = Date.now();
    expect(await drain({ timeoutMs: 200, close })).toEqual({ abandoned: 1 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(close).toHaveBeenCalledTimes(1);
    expect(await slow).toMatchObject({ code: 'ECONNRESET' });
    release();
  });

  it('drains on SIGTERM and exits 0, once however many signals come', async () => {
    const close = vi.fn(async () => {});
    const exit = vi.fn();
    installSignalDrain({ timeoutMs: 100, close, exit, log: () => {} });
    process.emit('SIGTERM', 'SIGTERM');
    process.emit('SIGINT', 'SIGINT');
    await until(() => exit.mock.calls.length > 0);
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
    expect(close).toHaveBeenCalledTimes(1);
  });
});
