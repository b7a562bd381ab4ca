import { NextRequest } from 'next/server';
import { describe, expect, it, vi } from 'vitest';
import { readBodyWithin } from '@/lib/bff/request-guards';
import { WEBHOOK_MAX_BODY_BYTES } from '@/lib/webhooks/server/receive-webhook';
import type { takeWebhookDelivery } from '@/lib/webhooks/server/take-webhook-delivery';
import { POST } from './route';

const take = vi.hoisted(() => ({ impl: null as null | typeof takeWebhookDelivery }));
vi.mock('@/lib/webhooks/server/take-webhook-delivery', () => ({
  takeWebhookDelivery: (input: Parameters<typeof takeWebhookDelivery>[0]) => {
    if (!take.impl) throw new Error('no delivery expected');
    return take.impl(input);
  },
}));
vi.mock('@/lib/ops/log', () => ({ logger: () => ({ error: () => {}, info: () => {}, warn: () => {} }) }));

const params = { params: Promise.resolve({ org: 'anyone' }) };

/** The shape of every error answer: code, message and the request id, which is also the header's. */
async function expectErrorAnswer(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as { error: { code: string; message: string; requestId: string } };
  expect(body.error).toEqual({ code, message: expect.any(String), requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  expect(response.headers.get('x-request-id')).toBe(body.error.requestId);
  expect(response.headers.get('cache-control')).toBe('no-store');
}

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
    const response = await POST(request, params);
    await expectErrorAnswer(response, 413, 'PAYLOAD_TOO_LARGE');
    // Unauthenticated callers must not make the server buffer the whole body: the limit, plus the
    // few chunks the streams read ahead, is all that is pulled of the 8 MB.
    expect(body.pulled()).toBeLessThanOrEqual(WEBHOOK_MAX_BODY_BYTES + 4 * 16 * 1024);
  });

  it('refuses a declared oversized body at once, with the request id', async () => {
    const request = new NextRequest('http://localhost/api/webhooks/vehicle-api/anyone', {
      method: 'POST',
      body: 'x'.repeat(WEBHOOK_MAX_BODY_BYTES + 1),
      headers: { 'content-length': String(WEBHOOK_MAX_BODY_BYTES + 1) },
    });
    expect(Number(request.headers.get('content-length'))).toBeGreaterThan(WEBHOOK_MAX_BODY_BYTES);
    await expectErrorAnswer(await POST(request, params), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers a failure with a generic 500 that names the request id (a proxy’s id kept)', async () => {
    take.impl = () => Promise.reject(new Error('database down'));
    try {
      const request = () => new NextRequest('http://localhost/api/webhooks/vehicle-api/anyone', { method: 'POST', body: '{}' });
      const response = await POST(request(), params);
      await expectErrorAnswer(response, 500, 'INTERNAL');
      const proxied = new NextRequest('http://localhost/api/webhooks/vehicle-api/anyone', {
        method: 'POST',
        body: '{}',
        headers: { 'x-request-id': 'lb-42' },
      });
      const answer = await POST(proxied, params);
      expect(((await answer.json()) as { error: { requestId: string } }).error.requestId).toBe('lb-42');
      expect(JSON.stringify(await (await POST(request(), params)).json())).not.toContain('database down');
    } finally {
      take.impl = null;
    }
  });

  it('answers the receiver’s refusals in the same shape', async () => {
    const refusal = { code: 'WEBHOOK_REPLAYED', message: 'This webhook-id was already received.' };
    take.impl = () => Promise.resolve({ answer: { status: 409, body: { error: refusal } } });
    try {
      const request = new NextRequest('http://localhost/api/webhooks/vehicle-api/anyone', { method: 'POST', body: '{}' });
      await expectErrorAnswer(await POST(request, params), 409, 'WEBHOOK_REPLAYED');
    } finally {
      take.impl = null;
    }
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
