import 'server-only';
import { invalid } from './errors';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function empty(status = 200): Response {
  return new Response(null, { status });
}

export function html(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

/** The JSON body, or undefined when there is none. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw invalid('The body is not valid JSON');
  }
}

export type Handler<C> = (ctx: C, params: string[]) => Promise<Response> | Response;

interface Route<C> {
  method: string;
  pattern: RegExp;
  handler: Handler<C>;
}

/** A list of (method, anchored regex) routes; capture groups become the params. */
export class Router<C> {
  private routes: Route<C>[] = [];

  on(method: string, pattern: string, handler: Handler<C>): this {
    this.routes.push({ method, pattern: new RegExp(`^${pattern}$`), handler });
    return this;
  }

  match(method: string, path: string): { handler: Handler<C>; params: string[] } | null {
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const m = route.pattern.exec(path);
      if (m) return { handler: route.handler, params: m.slice(1) };
    }
    return null;
  }
}
