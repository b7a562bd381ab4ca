import 'server-only';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Serves a web-standard `Request -> Response` handler over node:http (standalone sandbox, HTTP tests). */

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    body = Buffer.concat(chunks);
  }
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body: body && body.length ? new Uint8Array(body) : undefined });
}

async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.end(Buffer.from(await response.arrayBuffer()));
}

export interface RunningServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export function serve(handle: (request: Request) => Promise<Response>, options: { port: number; host?: string }): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    const origin = `http://${req.headers.host ?? `${host}:${options.port}`}`;
    toRequest(req, origin)
      .then(handle)
      .then((response) => writeResponse(res, response))
      .catch((error) => {
        console.error('[sandbox] could not answer', error);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      const { port } = server.address() as AddressInfo;
      const url = `http://${host}:${port}`;
      resolve({
        server,
        url,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
