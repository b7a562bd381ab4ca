import { SpanKind } from '@opentelemetry/api';
import { BasicTracerProvider, type ReadableSpan, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { scrubSpanProcessor } from './scrub-span-processor';
import { REDACTED_SEGMENT as R } from './scrub-url';

const TOKEN = 'q9Zc4TfXkL2mNpR7sVwY0aBdEgHjKo3uIyTr5eWx1zA';

/** Stands for the export processor: takes a copy of what it is handed at onEnd, as the exporter would read it. */
function recorder() {
  const seen: { name: string; attributes: Record<string, unknown> }[] = [];
  const processor: SpanProcessor = {
    onStart: () => undefined,
    onEnd: (span: ReadableSpan) => seen.push(structuredClone({ name: span.name, attributes: { ...span.attributes } })),
    forceFlush: () => Promise.resolve(),
    shutdown: () => Promise.resolve(),
  };
  return { seen, processor };
}

function tracerWith(...spanProcessors: SpanProcessor[]) {
  return new BasicTracerProvider({ spanProcessors }).getTracer('test');
}

describe('scrubSpanProcessor', () => {
  it('hands the next processor spans whose URLs carry no token or query, set at the start or later', () => {
    const { seen, processor } = recorder();
    const tracer = tracerWith(scrubSpanProcessor, processor);
    // As Next starts its request span, and as a route handler and the fetch instrumentation add to it.
    const span = tracer.startSpan('GET', {
      kind: SpanKind.SERVER,
      attributes: { 'http.method': 'GET', 'http.target': `/invite/${TOKEN}?_rsc=1` },
    });
    span.setAttributes({
      'http.target': `/reset-password/${TOKEN}?foo=bar`,
      'http.url': 'https://console.example/api/auth/callback/vendor?code=c0de&state=st4te',
      'url.full': `https://console.example/invite/${TOKEN}`,
      'url.query': 'state=st4te',
      'http.route': '/invite/[token]',
      'next.route': '/invite/[token]',
      'http.status_code': 200,
    });
    span.end();
    const fetchSpan = tracer.startSpan('fetch GET https://idp.example/token?code=c0de', {
      attributes: { 'http.url': 'https://idp.example/token?code=c0de' },
    });
    fetchSpan.end();

    expect(seen).toEqual([
      {
        name: 'GET',
        attributes: {
          'http.method': 'GET',
          'http.target': `/reset-password/${R}`,
          'http.url': 'https://console.example/api/auth/callback/vendor',
          'url.full': `https://console.example/invite/${R}`,
          'http.route': '/invite/[token]',
          'next.route': '/invite/[token]',
          'http.status_code': 200,
        },
      },
      { name: 'fetch GET https://idp.example/token', attributes: { 'http.url': 'https://idp.example/token' } },
    ]);
    expect(JSON.stringify(seen)).not.toMatch(new RegExp(`${TOKEN}|c0de|st4te|foo`));
  });

  it('scrubs the URLs a recorded exception quotes', () => {
    const exported: ReadableSpan[] = [];
    const exporter: SpanProcessor = {
      onStart: () => undefined,
      onEnd: (span) => exported.push(span),
      forceFlush: () => Promise.resolve(),
      shutdown: () => Promise.resolve(),
    };
    const span = tracerWith(scrubSpanProcessor, exporter).startSpan('GET');
    span.recordException(new Error(`no page at /invite/${TOKEN}?from=mail`));
    span.end();
    expect(exported[0]!.events[0]!.attributes).toMatchObject({ 'exception.message': `no page at /invite/${R}` });
  });

  it('leaves a path without query and token-like segments as it is', () => {
    const { seen, processor } = recorder();
    tracerWith(scrubSpanProcessor, processor)
      .startSpan('GET /api/metrics', { attributes: { 'http.target': '/api/metrics' } })
      .end();
    expect(seen).toEqual([{ name: 'GET /api/metrics', attributes: { 'http.target': '/api/metrics' } }]);
  });
});
