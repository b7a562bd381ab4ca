import { describe, expect, it } from 'vitest';
import { nextAuthRedirect, safeCallbackPath, signInUrlFor } from './callback-url';

const origin = 'http://localhost:3000';

describe('safeCallbackPath', () => {
  it.each([
    '/\\evil.example',
    '\\\\evil.example',
    '/\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '\t//evil.example',
    '//evil.example',
    '///evil.example',
    'https:evil.example',
    'https://evil.example/o/demo',
    'http:/\\evil.example',
    'javascript:alert(1)',
    'data:text/html,hi',
    ' //evil.example',
  ])('refuses %j, a way off the site', (hostile) => {
    expect(safeCallbackPath(hostile, origin)).toBe('/o');
  });

  it('never yields a path a browser would read as another host', () => {
    for (const tricky of ['/.//evil.example', '/%2F%2Fevil.example', '/a/..//evil.example', '/./\\evil.example']) {
      const path = safeCallbackPath(tricky, origin);
      expect(path.startsWith('/'), tricky).toBe(true);
      expect(new URL(path, origin).origin, tricky).toBe(origin);
      expect(/^\/[/\\]/.test(path), `${tricky} -> ${path}`).toBe(false);
    }
  });

  it('keeps the full path, query and fragment of a same-site place', () => {
    expect(safeCallbackPath('/o/demo/vehicles?make=Volvo&tag=a%20b#list', origin)).toBe('/o/demo/vehicles?make=Volvo&tag=a%20b#list');
    expect(safeCallbackPath('http://localhost:3000/o/demo/audit?page=2', origin)).toBe('/o/demo/audit?page=2');
  });

  it('falls back when nothing or nonsense is given', () => {
    expect(safeCallbackPath(undefined, origin)).toBe('/o');
    expect(safeCallbackPath('', origin)).toBe('/o');
    expect(safeCallbackPath('http://[::1', origin)).toBe('/o');
    expect(safeCallbackPath('//evil.example', origin, '/o/demo')).toBe('/o/demo');
  });
});

describe('nextAuthRedirect', () => {
  it('answers absolute URLs on the base URL only', () => {
    expect(nextAuthRedirect({ url: '/\\evil.example', baseUrl: origin })).toBe('http://localhost:3000/o');
    expect(nextAuthRedirect({ url: 'https://evil.example', baseUrl: origin })).toBe('http://localhost:3000/o');
    expect(nextAuthRedirect({ url: '/o/demo/vehicles?make=Volvo', baseUrl: origin })).toBe(
      'http://localhost:3000/o/demo/vehicles?make=Volvo',
    );
  });
});

describe('signInUrlFor', () => {
  it('carries the whole place in one query parameter', () => {
    expect(signInUrlFor('/o/demo/vehicles?make=Volvo&x=1')).toBe('/sign-in?callbackUrl=%2Fo%2Fdemo%2Fvehicles%3Fmake%3DVolvo%26x%3D1');
  });
});
