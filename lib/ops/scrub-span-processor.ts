import type { Attributes } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { scrubUrlsInText } from './scrub-url';

/** Attributes that hold only a query string or a fragment: dropped whole. */
const DROPPED = ['url.query', 'url.fragment'];

/**
 * Rewrites URLs in every string attribute (`http.target` as Next starts its request span with
 * `req.url`, `http.url`, `url.full`, `next.route` when it is the concrete path...) in place.
 * The attributes object is the span's own, which is also what the exporter reads: an ended span
 * refuses `setAttribute`, so this is the only way to reach what was set after the start.
 */
function scrubAttributes(attributes: Attributes): void {
  for (const key of DROPPED) delete attributes[key];
  for (const [key, value] of Object.entries(attributes)) {
    if (typeof value === 'string') attributes[key] = scrubUrlsInText(value);
  }
}

/**
 * Keeps link tokens and query-string secrets out of exported spans. It must run before the export
 * processor: registered first (`spanProcessors: [scrubSpanProcessor, 'auto']`), its `onEnd` has
 * rewritten the attributes before the batch processor takes the span.
 */
export const scrubSpanProcessor: SpanProcessor = {
  onStart(span: Span) {
    // The name only changes while the span is open; fetch spans are named by their URL.
    const name = scrubUrlsInText(span.name);
    if (name !== span.name) span.updateName(name);
    scrubAttributes(span.attributes);
  },
  onEnd(span: ReadableSpan) {
    scrubAttributes(span.attributes);
    // A recorded exception's message may quote the URL.
    for (const event of span.events) if (event.attributes) scrubAttributes(event.attributes);
  },
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
};
