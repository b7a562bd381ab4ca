import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { readBodyWithin } from '@/lib/bff/request-guards';
import { WEBHOOK_MAX_BODY_BYTES } from '@/lib/webhooks/server/receive-webhook';
import { POST } from './route';

/** A body sent in chunks with no Content-Length (chunked transfer), counting what the server pulls. */
function chunkedBody(totalBytes: number, chunkBytes = 16 * 1024) {
  let pulled = 0;
  const chunk = new Uint8Array(chunkBytes).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= totalBytes) return controller.close();
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

describe('POST /api/webhooks/vehicle-api/[org]', () => {
  it('refuses an oversized body sent without Content-Length after reading little more than the limit', async () => {
    const body = chunkedBody(8 * 1024 * 1024);
    const request = new NextRequest('http://localhost/api/webhooks/vehicle-api/anyone', {
      method: 'POST',
      body: body.stream,
      duplex: 'half',
    });
    expect(request.headers.get('content-length')).toBeNull();
    const response = await POST(request, { params: Promise.resolve({ org: 'anyone' }) });
    expect(response.status).toBe(413);
    // Unauthenticated callers must not make the server buffer the whole body: the limit, plus the
    // few chunks the streams read ahead, is all that is pulled of the 8 MB.
    expect(body.pulled()).toBeLessThanOrEqual(WEBHOOK_MAX_BODY_BYTES + 4 * 16 * 1024);
  });

  it('reads a body within the limit whole, a character split across chunks included', async () => {
    const bytes = new TextEncoder().encode('{"note":"Größe"}');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 12));
        controller.enqueue(bytes.slice(12));
        controller.close();
      },
    });
    // @ts-expect-error: undici needs `duplex` for a streamed request body
    const request = new Request('http://localhost/x', { method: 'POST', body: stream, duplex: 'half' });
    expect(await readBodyWithin(request, 100)).toBe('{"note":"Größe"}');
  });
});
