import { describe, expect, it, vi } from 'vitest';
import { NextRequest } from 'next/server';
import { strictTransportSecurity } from './headers';

describe('Strict-Transport-Security (issue 12, item 9)', () => {
  it('is sent when the public origin is https, never on http', () => {
    expect(strictTransportSecurity('https://fleet.example.com')).toBe('max-age=31536000; includeSubDomains');
    expect(strictTransportSecurity('http://localhost:3000')).toBeUndefined();
  });

  it('is set by the proxy on every response when APP_URL is https', async () => {
    for (const [appUrl, expected] of [
      ['https://fleet.example.com', 'max-age=31536000; includeSubDomains'],
      ['http://localhost:3000', null],
    ] as const) {
      vi.resetModules();
      vi.stubEnv('APP_URL', appUrl);
      const { proxy } = await import('@/proxy');
      const response = proxy(new NextRequest('http://localhost:3000/o/demo'));
      expect(response.headers.get('strict-transport-security'), appUrl).toBe(expected);
      vi.unstubAllEnvs();
    }
  });
});

describe('Content-Security-Policy of the fleet map', () => {
  it('lets MapLibre start its worker, and reach a map style server only when MAP_STYLE_URL names one', async () => {
    const { contentSecurityPolicy } = await import('./headers');
    const offline = contentSecurityPolicy('n');
    expect(offline).toContain(`worker-src 'self' blob:`);
    expect(offline).toContain(`connect-src 'self';`);
    const styled = contentSecurityPolicy('n', { mapStyleUrl: 'https://tiles.example.com/styles/basic/style.json?key=abc' });
    expect(styled).toContain(`connect-src 'self' https://tiles.example.com;`);
    expect(styled).toContain(`img-src 'self' data: blob: https://tiles.example.com;`);
  });
});
