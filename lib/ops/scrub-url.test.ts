import { describe, expect, it } from 'vitest';
import { REDACTED_SEGMENT as R, scrubUrl, scrubUrlsInText } from './scrub-url';

// Made up, in the shape of a link token (32 random bytes in base64url).
const TOKEN = 'q9Zc4TfXkL2mNpR7sVwY0aBdEgHjKo3uIyTr5eWx1zA';

describe('scrubUrl', () => {
  it('replaces the token of an invitation or a password-reset link, whatever it looks like', () => {
    expect(scrubUrl(`/invite/${TOKEN}`)).toBe(`/invite/${R}`);
    expect(scrubUrl(`/reset-password/${TOKEN}`)).toBe(`/reset-password/${R}`);
    expect(scrubUrl('/invite/short')).toBe(`/invite/${R}`);
  });

  it('drops the query string and the fragment entirely', () => {
    expect(scrubUrl('/api/auth/callback/vendor?code=abc&state=def')).toBe('/api/auth/callback/vendor');
    expect(scrubUrl('/connect/return?state=s3cr3t')).toBe('/connect/return');
    expect(scrubUrl(`/reset-password/${TOKEN}?foo=bar#frag`)).toBe(`/reset-password/${R}`);
    expect(scrubUrl('/vehicles#top')).toBe('/vehicles');
  });

  it('replaces any segment that looks like random bytes: long base64url, hex or uuid runs', () => {
    expect(scrubUrl(`/api/things/${TOKEN}/more`)).toBe(`/api/things/${R}/more`);
    expect(scrubUrl('/x/0123456789abcdef0123456789abcdef')).toBe(`/x/${R}`);
    expect(scrubUrl('/x/123e4567-e89b-12d3-a456-426614174000')).toBe(`/x/${R}`);
    expect(scrubUrl(`/x/${encodeURIComponent(TOKEN)}`)).toBe(`/x/${R}`);
  });

  it('keeps paths made of names and short ids, and route templates, as they are', () => {
    for (const path of [
      '/api/metrics',
      '/',
      '/o/demo/vehicles/veh_0123456789abcdef',
      '/o/demo/settings/sign-out-everywhere-and-forget-me',
      '/invite/[token]',
      '/reset-password/[token]',
      '/o/[org]/vehicles/[vehicleId]',
      '/docs/[[...slug]]',
    ]) {
      expect(scrubUrl(path)).toBe(path);
    }
  });

  it('scrubs the path of an absolute URL, keeps its origin and drops user info', () => {
    expect(scrubUrl(`https://console.example/invite/${TOKEN}?x=1`)).toBe(`https://console.example/invite/${R}`);
    expect(scrubUrl('https://user:pa55@api.example:8443/v1/token?grant=x')).toBe('https://api.example:8443/v1/token');
    expect(scrubUrl('http://127.0.0.1:3000?secret=1')).toBe('http://127.0.0.1:3000');
  });

  it('is idempotent', () => {
    const once = scrubUrl(`/invite/${TOKEN}?a=b`);
    expect(scrubUrl(once)).toBe(once);
  });
});

describe('scrubUrlsInText', () => {
  it('scrubs each URL-like word and keeps the others', () => {
    expect(scrubUrlsInText(`fetch GET https://idp.example/authorize?client_secret=x`)).toBe('fetch GET https://idp.example/authorize');
    expect(scrubUrlsInText(`GET /invite/${TOKEN}`)).toBe(`GET /invite/${R}`);
    expect(scrubUrlsInText('GET /invite/[token]')).toBe('GET /invite/[token]');
    expect(scrubUrlsInText('rendering page')).toBe('rendering page');
  });
});
