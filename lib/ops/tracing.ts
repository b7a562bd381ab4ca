import 'server-only';
import { env } from '@/lib/env';
import { scrubSpanProcessor } from './scrub-span-processor';

/**
 * OpenTelemetry through @vercel/otel, only when OTEL_EXPORTER_OTLP_ENDPOINT is set: Next's own
 * spans for each incoming request (named by route template), and the Vehicle API client's span per
 * upstream attempt (`lib/vehicle-api/client.ts`). Without it no SDK is loaded and the client's
 * spans are the API's no-ops. Every span passes through {@link scrubSpanProcessor} before the
 * export processor ('auto') sees it: the URLs Next records carry link tokens and query secrets.
 */
export async function startTracing(): Promise<void> {
  if (!env().OTEL_EXPORTER_OTLP_ENDPOINT) return;
  const { registerOTel } = await import('@vercel/otel');
  registerOTel({
    serviceName: 'motorpool',
    // In this order: @vercel/otel calls the processors in turn, and the exporter must get scrubbed spans.
    spanProcessors: [scrubSpanProcessor, 'auto'],
    // The client's own span names each upstream call by its path template: fetch's span of the same
    // call would carry the concrete URL (vehicle ids) and repeat it.
    instrumentationConfig: { fetch: { ignoreUrls: [/\/v1\//] } },
  });
}
