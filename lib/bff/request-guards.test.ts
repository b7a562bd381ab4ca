import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors/app-error';
import { assertSameOrigin, ownOrigins, readJsonBody } from './request-guards';

const url = 'http://localhost:3000/api/o/demo/vehicles/tags/seen';
const post = (headers: Record<string, string>, body?: string) => new NextRequest(url, { method: 'POST', headers, body });

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return (error as AppError).code;
  }
  return undefined;
}

describe('assertSameOrigin', () => {
  it('accepts the console’s own origin', () => {
    expect(codeOf(() => assertSameOrigin(post({ origin: 'http://localhost:3000' })))).toBeUndefined();
  });
  it('falls back to the referer when no origin is sent', () => {
    expect(codeOf(() => assertSameOrigin(post({ referer: 'http://localhost:3000/o/demo' })))).toBeUndefined();
  });
  it('refuses another origin, a missing origin and a malformed referer', () => {
    expect(codeOf(() => assertSameOrigin(post({ origin: 'https://evil.example' })))).toBe('CROSS_ORIGIN');
    expect(codeOf(() => assertSameOrigin(post({})))).toBe('CROSS_ORIGIN');
    expect(codeOf(() => assertSameOrigin(post({ referer: 'not a url' })))).toBe('CROSS_ORIGIN');
  });
});

describe('assertSameOrigin at another address than APP_URL', () => {
  // Next builds the route's URL from its own listening name (localhost); the Host header is what the browser used.
  const at = (host: string, headers: Record<string, string>) => new NextRequest(url, { method: 'POST', headers: { host, ...headers } });

  it('accepts the origin of the address the console was opened at', () => {
    expect(codeOf(() => assertSameOrigin(at('127.0.0.1:3000', { origin: 'http://127.0.0.1:3000' })))).toBeUndefined();
    expect(codeOf(() => assertSameOrigin(at('fleet-box.lan:3000', { origin: 'http://fleet-box.lan:3000' })))).toBeUndefined();
    expect(codeOf(() => assertSameOrigin(at('192.168.1.20:3000', { referer: 'http://192.168.1.20:3000/o/demo' })))).toBeUndefined();
  });
  it('still accepts APP_URL', () => {
    expect(codeOf(() => assertSameOrigin(at('127.0.0.1:3000', { origin: 'http://localhost:3000' })))).toBeUndefined();
  });
  it('refuses a foreign origin whatever the Host, and a scheme or port that differ', () => {
    expect(codeOf(() => assertSameOrigin(at('127.0.0.1:3000', { origin: 'http://evil.example' })))).toBe('CROSS_ORIGIN');
    expect(codeOf(() => assertSameOrigin(at('127.0.0.1:3000', { origin: 'http://127.0.0.1:3001' })))).toBe('CROSS_ORIGIN');
    expect(codeOf(() => assertSameOrigin(at('127.0.0.1:3000', { origin: 'https://127.0.0.1:3000' })))).toBe('CROSS_ORIGIN');
    expect(codeOf(() => assertSameOrigin(at('127.0.0.1:3000', { origin: 'null' })))).toBe('CROSS_ORIGIN');
  });
  it('ignores X-Forwarded-Host and -Proto when no proxy hop is trusted (the default)', () => {
    const forged = at('127.0.0.1:3000', {
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(codeOf(() => assertSameOrigin(forged))).toBe('CROSS_ORIGIN');
  });
});

describe('ownOrigins', () => {
  const base = { host: 'app.internal:3000', protocol: 'http:' };
  it('is the Host alone with no trusted hop', () => {
    expect(ownOrigins({ ...base, forwardedHost: 'evil.example', forwardedProto: 'https', trustProxyHops: 0 })).toEqual([
      'http://app.internal:3000',
    ]);
  });
  it('adds the forwarded host and scheme seen by the outermost trusted proxy', () => {
    expect(ownOrigins({ ...base, forwardedHost: 'fleet.example.com', forwardedProto: 'https', trustProxyHops: 1 })).toEqual([
      'http://app.internal:3000',
      'https://fleet.example.com',
    ]);
    // Two trusted hops: the client-supplied left-most entry is not trusted, the one the outer proxy appended is.
    expect(
      ownOrigins({
        ...base,
        forwardedHost: 'evil.example, fleet.example.com, lb.internal',
        forwardedProto: 'http, https, http',
        trustProxyHops: 2,
      }),
    ).toEqual(['http://app.internal:3000', 'https://fleet.example.com']);
  });
  it('takes a trusted X-Forwarded-Proto alone with the request’s own Host', () => {
    expect(ownOrigins({ host: 'fleet.example.com', protocol: 'http:', forwardedProto: 'https', trustProxyHops: 1 })).toEqual([
      'http://fleet.example.com',
      'https://fleet.example.com',
    ]);
    expect(ownOrigins({ host: 'fleet.example.com', protocol: 'http:', forwardedProto: 'https', trustProxyHops: 0 })).toEqual([
      'http://fleet.example.com',
    ]);
  });
  it('drops a malformed forwarded host or scheme', () => {
    expect(ownOrigins({ ...base, forwardedHost: 'a b/c', forwardedProto: 'https', trustProxyHops: 1 })).toEqual([
      'http://app.internal:3000',
    ]);
    expect(ownOrigins({ ...base, forwardedHost: 'fleet.example.com', forwardedProto: 'javascript', trustProxyHops: 1 })).toEqual([
      'http://app.internal:3000',
      'http://fleet.example.com',
    ]);
  });
});

describe('readJsonBody', () => {
  it('parses JSON bodies', async () => {
    await expect(readJsonBody(post({ 'content-type': 'application/json' }, '{"a":1}'))).resolves.toEqual({ a: 1 });
  });
  it('refuses form bodies, which a cross-site form could send', async () => {
    await expect(readJsonBody(post({ 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
    });
  });
  it('refuses a body past 1 MB as it streams in, without reading the rest (no Content-Length, as a chunked upload)', async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    // Node's fetch needs `duplex` for a streamed body; the DOM types do not name it yet.
    const init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: endless, duplex: 'half' };
    const request = new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]);
    await expect(readJsonBody(request)).rejects.toMatchObject({ code: 'BAD_REQUEST', status: 413 });
    // 1 MB is 16 chunks of 64 KiB: the reader stops at the first past it (the stream may have one more queued).
    expect(pulled).toBeLessThanOrEqual(18);
  });
  it('refuses malformed JSON with a clear message', async () => {
    await expect(readJsonBody(post({ 'content-type': 'application/json' }, '{'))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The request body is not valid JSON.',
    });
  });
});
