import { describe, expect, it, vi } from 'vitest';
import { openLinkIntent, sealLinkIntent } from './sso-link';

vi.stubEnv('AUTH_SECRET', 'test-secret-test-secret-test-secret-0226');

describe('the intent to link single sign-on', () => {
  it('names its person for ten minutes, then nobody', () => {
    const now = Date.UTC(2026, 10, 29, 12);
    const sealed = sealLinkIntent('person-1', now);
    expect(openLinkIntent(sealed, now + 9 * 60_000)).toBe('person-1');
    expect(openLinkIntent(sealed, now + 10 * 60_000)).toBeUndefined();
  });

  it('opens nothing altered, forged or missing', () => {
    const sealed = sealLinkIntent('person-1');
    const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.at(-1)}`;
    expect(openLinkIntent(flipped)).toBeUndefined();
    expect(openLinkIntent(JSON.stringify({ uid: 'person-1', exp: Date.now() + 60_000 }))).toBeUndefined();
    expect(openLinkIntent(undefined)).toBeUndefined();
    expect(openLinkIntent('')).toBeUndefined();
  });
});
