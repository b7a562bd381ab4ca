import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors/app-error';
import { assertSameOrigin, readJsonBody } from './request-guards';

const url = 'http://localhost:3000/api/o/demo/tags';
const post = (headers: Record<string, string>, body?: string) => new NextRequest(url, { method: 'POST', headers, body });

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return (error as AppError).code;
  }
  return undefined;
}

describe('assertSameOrigin', () => {
  it('accepts the console’s own origin', () => {
    expect(codeOf(() => assertSameOrigin(post({ origin: 'http://localhost:3000' })))).toBeUndefined();
  });
  it('falls back to the referer when no origin is sent', () => {
    expect(codeOf(() => assertSameOrigin(post({ referer: 'http://localhost:3000/o/demo' })))).toBeUndefined();
  });
  it('refuses another origin, a missing origin and a malformed referer', () => {
    expect(codeOf(() => assertSameOrigin(post({ origin: 'https://evil.example' })))).toBe('CROSS_ORIGIN');
    expect(codeOf(() => assertSameOrigin(post({})))).toBe('CROSS_ORIGIN');
    expect(codeOf(() => assertSameOrigin(post({ referer: 'not a url' })))).toBe('CROSS_ORIGIN');
  });
});

describe('readJsonBody', () => {
  it('parses JSON bodies', async () => {
    await expect(readJsonBody(post({ 'content-type': 'application/json' }, '{"a":1}'))).resolves.toEqual({ a: 1 });
  });
  it('refuses form bodies, which a cross-site form could send', async () => {
    await expect(readJsonBody(post({ 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'))).rejects.toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      status: 415,
    });
  });
  it('refuses malformed JSON with a clear message', async () => {
    await expect(readJsonBody(post({ 'content-type': 'application/json' }, '{'))).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The request body is not valid JSON.',
    });
  });
});
