import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextAuthRedirect, safeCallbackPath } from './callback-url';

const origin = 'http://localhost:3000';

/** Pieces that have taken sign-in redirects off their site: slashes, encodings, userinfo, schemes, controls, look-alikes. */
const hostilePiece = fc.constantFrom(
  '/',
  '\\',
  '//',
  '/\\',
  '\\/',
  '%2F',
  '%2f',
  '%5C',
  '%252F',
  '%2e',
  '.',
  '..',
  '@',
  ':',
  'evil.example',
  'user:pass@evil.example',
  'localhost:3000@evil.example',
  'http:',
  'https:',
  'HTTPS://',
  'javascript:',
  'data:',
  '\t',
  '\n',
  '\r',
  '\u0000',
  '\u001f',
  '\u007f',
  ' ',
  '\u00a0',
  '\u3002',
  '\uff0f',
  '\uff3c',
  '\u2215',
  '\u2044',
  '\u200b',
  '?',
  '#',
  '&',
  'o',
  'demo',
);

/** Separators and dot segments before a host: the shape of `/.//host`, `\\host`, `/\t/host`. */
const separator = fc.constantFrom('/', '\\', '.', '..', '\t', '\n', ' ', '%2F', '%5C', '%2e', 'https:', 'http:');
const beforeHost = fc
  .tuple(fc.array(separator, { minLength: 1, maxLength: 6 }), fc.constantFrom('evil.example', 'user@evil.example', 'evil.example:3000/o'))
  .map(([pieces, host]) => `${pieces.join('')}${host}`);

const candidate = fc.oneof(
  beforeHost,
  fc.array(hostilePiece, { maxLength: 8 }).map((pieces) => pieces.join('')),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

/** A same-site place a person was sent away from: path segments, a query and a fragment. */
const segment = fc.stringMatching(/^[A-Za-z0-9_~-]{1,8}$/);
const place = fc
  .tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.option(fc.stringMatching(/^[a-z]{1,4}=[a-z0-9]{0,4}$/)), fc.option(segment))
  .map(([segments, query, fragment]) => `/${segments.join('/')}${query ? `?${query}` : ''}${fragment ? `#${fragment}` : ''}`);

describe('callback URL (properties)', () => {
  it('never leaves the site, whatever the candidate', () => {
    fc.assert(
      fc.property(candidate, (raw) => {
        const path = safeCallbackPath(raw, origin);
        expect(path.startsWith('/')).toBe(true);
        // Neither `//host` nor `/\host`, which a browser reads as another host.
        expect(path).not.toMatch(/^\/[/\\]/);
        expect(path).not.toMatch(/[\u0000-\u001f\u007f]/);
        expect(new URL(path, origin).origin).toBe(origin);
        expect(new URL(path, `${origin}/o/demo/vehicles/`).origin).toBe(origin);
        expect(new URL(nextAuthRedirect({ url: raw, baseUrl: origin })).origin).toBe(origin);
      }),
      { numRuns: 300 },
    );
  });

  it('is settled after one pass: a path it answers is answered unchanged', () => {
    fc.assert(
      fc.property(candidate, (raw) => {
        const path = safeCallbackPath(raw, origin);
        expect(safeCallbackPath(path, origin)).toBe(path);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps a same-site place whole', () => {
    fc.assert(
      fc.property(place, (path) => {
        expect(safeCallbackPath(path, origin)).toBe(path);
        expect(safeCallbackPath(`${origin}${path}`, origin)).toBe(path);
      }),
      { numRuns: 200 },
    );
  });
});
