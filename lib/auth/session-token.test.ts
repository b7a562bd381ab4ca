import { encode, decode } from 'next-auth/jwt';
import { describe, expect, it } from 'vitest';
import { absoluteExpiry, createSessionTokenReader, sessionIsCurrent, sessionTokenFrom } from './session-token';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const cookie = (value: string, name = 'next-auth.session-token') => [{ name, value }];
const claims = (uid: string, extra: Record<string, unknown> = {}) => ({
  uid,
  sid: 'session-1',
  sv: 0,
  sat: Math.floor(Date.now() / 1000),
  ...extra,
});

describe('session token reader', () => {
  it('reads the user id from a token next-auth issued, and rejects a foreign or altered one', async () => {
    const reader = createSessionTokenReader((token) => decode({ token, secret: SECRET }));
    const token = await encode({ token: claims('user-1'), secret: SECRET, maxAge: 60 });
    expect(await reader.userId(cookie(token))).toBe('user-1');

    const foreign = await encode({ token: claims('user-1'), secret: 'another-secret-of-at-least-thirty-two-chars', maxAge: 60 });
    expect(await reader.userId(cookie(foreign))).toBeNull();
    const altered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(await reader.userId(cookie(altered))).toBeNull();
    expect(await reader.userId([])).toBeNull();
  });

  it('decodes each token once, and still refuses it once expired', async () => {
    let decodes = 0;
    let now = 1_000_000;
    const reader = createSessionTokenReader(
      async () => {
        decodes += 1;
        return { uid: 'user-1', sid: 's', sv: 0, sat: 1_000, exp: 1_000 + 60 };
      },
      () => now,
    );
    for (let i = 0; i < 3; i++) expect(await reader.userId(cookie('t'))).toBe('user-1');
    expect(decodes).toBe(1);
    now = (1_000 + 60) * 1000;
    expect(await reader.userId(cookie('t'))).toBeNull();
  });

  it('refuses a token past the absolute lifetime from sign-in, however recently it was renewed', async () => {
    let now = 1_000_000 * 1000;
    const signedInAt = 1_000_000;
    // Renewed a minute ago, so `exp` is far away: the sign-in time decides.
    const reader = createSessionTokenReader(
      async () => ({ uid: 'user-1', sid: 's', sv: 0, sat: signedInAt, exp: signedInAt + 20 * 3600 }),
      () => now,
      12 * 3600,
    );
    expect((await reader.session(cookie('t')))?.signedInAt).toBe(signedInAt);
    now = absoluteExpiry(signedInAt, 12 * 3600) - 1;
    expect(await reader.userId(cookie('t'))).toBe('user-1');
    now = absoluteExpiry(signedInAt, 12 * 3600);
    expect(await reader.userId(cookie('t'))).toBeNull();
  });

  it('treats a token without a session id, version or sign-in time (issued before sessions could end) as signed out', async () => {
    const reader = createSessionTokenReader((token) => decode({ token, secret: SECRET }));
    for (const omitted of ['sid', 'sv', 'sat']) {
      const partial: Record<string, unknown> = claims('user-1');
      delete partial[omitted];
      expect(await reader.userId(cookie(await encode({ token: partial, secret: SECRET, maxAge: 60 })))).toBeNull();
    }
  });

  it('says a session is current only for the same version, not disabled, not signed out', () => {
    const c = { userId: 'u', sid: 's', sessionVersion: 2, signedInAt: 0 };
    expect(sessionIsCurrent(c, { sessionVersion: 2, disabledAt: null, revoked: false })).toBe(true);
    expect(sessionIsCurrent(c, { sessionVersion: 3, disabledAt: null, revoked: false })).toBe(false);
    expect(sessionIsCurrent(c, { sessionVersion: 2, disabledAt: new Date(), revoked: false })).toBe(false);
    expect(sessionIsCurrent(c, { sessionVersion: 2, disabledAt: null, revoked: true })).toBe(false);
    expect(sessionIsCurrent(c, undefined)).toBe(false);
  });

  it('does not keep a token that decodes to nobody', async () => {
    let decodes = 0;
    const reader = createSessionTokenReader(async () => {
      decodes += 1;
      return null;
    });
    expect(await reader.userId(cookie('bad'))).toBeNull();
    expect(await reader.userId(cookie('bad'))).toBeNull();
    expect(decodes).toBe(2);
  });

  it('joins a cookie next-auth split into chunks, in index order, under the name for the origin', () => {
    const chunks = [
      { name: 'next-auth.session-token.1', value: 'world' },
      { name: 'next-auth.session-token.0', value: 'hello-' },
      { name: 'other', value: 'x' },
    ];
    expect(sessionTokenFrom(chunks)).toBe('hello-world');
    expect(sessionTokenFrom([...cookie('plain'), ...cookie('secure', '__Host-next-auth.session-token')], { secure: true })).toBe('secure');
    expect(sessionTokenFrom([...cookie('plain'), ...cookie('secure', '__Host-next-auth.session-token')])).toBe('plain');
  });
});

// Issue 12, item 9: on https only the `__Secure-` cookie counts. A plain-named cookie can be planted
// over http (or by a sibling subdomain) and would otherwise fix the victim's session.
describe('the session cookie name follows the public origin', () => {
  const reader = (secure: boolean) =>
    createSessionTokenReader(
      async (token) => ({ uid: token, sid: 's', sv: 0, sat: Math.floor(Date.now() / 1000), exp: Date.now() / 1000 + 60 }),
      undefined,
      undefined,
      { secure },
    );

  it('on https reads only __Host-next-auth.session-token', async () => {
    expect(await reader(true).userId([{ name: 'next-auth.session-token', value: 'planted' }])).toBeNull();
    expect(await reader(true).userId([{ name: 'next-auth.session-token.0', value: 'planted' }])).toBeNull();
    // A sibling subdomain can set a __Secure- cookie with Domain=; it never counts.
    expect(await reader(true).userId([{ name: '__Secure-next-auth.session-token', value: 'planted' }])).toBeNull();
    expect(
      await reader(true).userId([
        { name: 'next-auth.session-token', value: 'planted' },
        { name: '__Secure-next-auth.session-token', value: 'planted' },
        { name: '__Host-next-auth.session-token', value: 'mine' },
      ]),
    ).toBe('mine');
    expect(sessionTokenFrom([{ name: 'next-auth.session-token', value: 'planted' }], { secure: true })).toBeNull();
  });

  it('on http reads only the plain name next-auth writes there', async () => {
    expect(await reader(false).userId([{ name: 'next-auth.session-token', value: 'mine' }])).toBe('mine');
    expect(await reader(false).userId([{ name: '__Secure-next-auth.session-token', value: 'other' }])).toBeNull();
    expect(await reader(false).userId([{ name: '__Host-next-auth.session-token', value: 'other' }])).toBeNull();
  });
});
