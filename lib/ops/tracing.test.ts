import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrubSpanProcessor } from './scrub-span-processor';

const registerOTel = vi.hoisted(() => vi.fn());
vi.mock('@vercel/otel', () => ({ registerOTel }));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('startTracing', () => {
  it('puts the scrubbing processor before the export processors, which read a span when it ends', async () => {
    vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', 'http://127.0.0.1:4318');
    const { startTracing } = await import('./tracing');
    await startTracing();
    expect(registerOTel).toHaveBeenCalledOnce();
    expect(registerOTel.mock.calls[0]![0]).toMatchObject({ spanProcessors: [scrubSpanProcessor, 'auto'] });
  });
});
