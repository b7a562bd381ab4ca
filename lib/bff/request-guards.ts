import 'server-only';
import type { NextRequest } from 'next/server';
import { appUrl, env } from '@/lib/env';
import { AppError } from '@/lib/errors/app-error';

const MAX_BODY_BYTES = 1_000_000;

/**
 * Mutations must come from our own pages: the Origin (or, lacking it, the Referer) must be the
 * origin the browser is talking to (its Host, or what a trusted proxy forwarded) or APP_URL.
 * Together with JSON-only bodies this stops cross-site form posts. A browser cannot forge either
 * header for another site; a forged X-Forwarded-Host counts only through TRUST_PROXY_HOPS proxies.
 */
export function assertSameOrigin(request: NextRequest): void {
  const allowed = new Set([
    new URL(appUrl()).origin,
    ...ownOrigins({
      host: request.headers.get('host') ?? request.nextUrl.host,
      protocol: request.nextUrl.protocol,
      forwardedHost: request.headers.get('x-forwarded-host'),
      forwardedProto: request.headers.get('x-forwarded-proto'),
      trustProxyHops: env().TRUST_PROXY_HOPS,
    }),
  ]);
  const origin = request.headers.get('origin');
  const referer = request.headers.get('referer');
  const claimed = origin ?? (referer ? safeOrigin(referer) : null);
  if (!claimed || !allowed.has(claimed)) {
    throw new AppError('CROSS_ORIGIN', 'This request must come from the Motorpool console itself.');
  }
}

/**
 * The entry of a comma-separated forwarded header that the outermost trusted proxy wrote: each
 * proxy appends, so with `hops` trusted proxies it is the hops-th from the right. Anything left of
 * it came from the client. Undefined with no trusted hop or no header.
 */
export function trustedForwardedValue(header: string | null | undefined, trustProxyHops: number): string | undefined {
  if (!header || trustProxyHops < 1) return undefined;
  const entries = header.split(',').map((entry) => entry.trim());
  const value = entries[Math.max(0, entries.length - trustProxyHops)];
  return value === '' ? undefined : value;
}

const HOST_PATTERN = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The origins this request was addressed to: the request's own Host with its scheme, and, through
 * trusted proxy hops only, the forwarded host and scheme. Pure, for tests and the guard.
 */
export function ownOrigins(input: {
  host: string | null | undefined;
  protocol: string;
  forwardedHost?: string | null;
  forwardedProto?: string | null;
  trustProxyHops: number;
}): string[] {
  const origins: string[] = [];
  const add = (protocol: string, host: string | undefined) => {
    if (!host || !HOST_PATTERN.test(host)) return;
    const origin = safeOrigin(`${protocol}//${host}`);
    if (origin && !origins.includes(origin)) origins.push(origin);
  };
  add(input.protocol, input.host ?? undefined);
  const forwardedHost = trustedForwardedValue(input.forwardedHost, input.trustProxyHops);
  const forwardedProto = trustedForwardedValue(input.forwardedProto, input.trustProxyHops)?.toLowerCase();
  const protocol = forwardedProto === 'https' || forwardedProto === 'http' ? `${forwardedProto}:` : input.protocol;
  // A TLS-terminating proxy that keeps the Host and sends only X-Forwarded-Proto.
  add(protocol, forwardedHost ?? input.host ?? undefined);
  return origins;
}

function safeOrigin(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The request's body as text, or null once it passes `max` bytes: read chunk by chunk and
 * cancelled there, so a body sent without Content-Length (chunked) is never buffered whole,
 * even on a route that answers before anyone signed in.
 */
export async function readBodyWithin(request: Request, max: number): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJsonBody(request: NextRequest): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
  }
  const text = await readBodyWithin(request, MAX_BODY_BYTES);
  if (text === null) throw new AppError('BAD_REQUEST', 'The request body is too large.', { status: 413 });
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', 'The request body is not valid JSON.');
  }
}
