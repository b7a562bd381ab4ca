import 'server-only';
import type { FetchLike } from './client';

/** A scripted upstream for unit tests: counts calls and answers per `METHOD /path` (no query). */
export interface FakeCall {
  method: string;
  path: string;
  url: string;
  headers: Headers;
  body: string | undefined;
}

export type FakeHandler = (call: FakeCall, n: number) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Request-Id': `req-${status}`, ...headers },
  });
}

export function createFakeUpstream(options: { ttlSeconds?: number } = {}) {
  const calls: FakeCall[] = [];
  const routes = new Map<string, FakeHandler>();
  const counts = new Map<string, number>();
  let issued = 0;
  const tokenRoute: FakeHandler = () => {
    issued++;
    return json({
      access_token: `access-${issued}`,
      token_type: 'Bearer',
      expires_in: options.ttlSeconds ?? 3600,
      refresh_token: `refresh-${issued}`,
    });
  };
  routes.set('POST /v1/oauth2/token', tokenRoute);

  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    const call: FakeCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      url: input,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    const handler = routes.get(key);
    if (!handler) return json({ error: 'RESOURCE_NOT_FOUND', message: `no route ${key}` }, 404);
    // Yield once so concurrent callers overlap as they would over a network.
    await new Promise((resolve) => setTimeout(resolve, 1));
    return handler(call, n);
  };

  return {
    fetch,
    calls,
    on(route: string, handler: FakeHandler) {
      routes.set(route, handler);
    },
    count(route: string) {
      return counts.get(route) ?? 0;
    },
    tokenCalls() {
      return calls.filter((c) => c.path === '/v1/oauth2/token');
    },
    apiCalls() {
      return calls.filter((c) => c.path !== '/v1/oauth2/token');
    },
  };
}
