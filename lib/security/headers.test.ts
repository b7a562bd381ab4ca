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
