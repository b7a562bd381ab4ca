import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentToken, readPageStack, writePageStack } from './page-stack';

/** Page tokens as an upstream might hand them out: base64, JSON, and the URL's own separators. */
const token = fc.string({
  unit: fc.oneof(
    fc.constantFrom(',', '%', '&', '=', '+', '/', '?', '#', ' ', '"', '{', '}'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  minLength: 1,
  maxLength: 16,
});
const stack = fc.array(token, { maxLength: 6 });

/** The stack as the browser keeps it: written into the URL's `pages` parameter and read back. */
const throughUrl = (tokens: readonly string[]) => {
  const param = writePageStack(tokens);
  const url = new URL('http://localhost/o/demo/vehicles');
  if (param !== undefined) url.searchParams.set('pages', param);
  return readPageStack(new URL(url.toString()).searchParams.get('pages'));
};

describe('page token stack (properties)', () => {
  it('round-trips any stack of tokens through the URL', () => {
    fc.assert(
      fc.property(stack, (tokens) => {
        expect(throughUrl(tokens)).toEqual(tokens);
      }),
      { numRuns: 200 },
    );
  });

  it('Next pushes one token and Previous pops it: the current token follows', () => {
    fc.assert(
      fc.property(stack, token, (tokens, next) => {
        const pushed = throughUrl([...throughUrl(tokens), next]);
        expect(pushed).toHaveLength(tokens.length + 1);
        expect(currentToken(pushed)).toBe(next);
        const popped = throughUrl(pushed.slice(0, -1));
        expect(popped).toEqual(tokens);
        expect(currentToken(popped)).toBe(tokens.at(-1));
      }),
      { numRuns: 200 },
    );
  });

  it('reads any parameter someone typed without throwing, into tokens it writes back unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom('%', '2', 'C', 'E', '0', ',', 'z', 'F') })), (param) => {
        const tokens = readPageStack(param);
        expect(tokens.every((t) => t.length > 0)).toBe(true);
        expect(readPageStack(writePageStack(tokens))).toEqual(tokens);
      }),
      { numRuns: 200 },
    );
  });
});
