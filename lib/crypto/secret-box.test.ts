import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box';

const box = createSecretBox('a-secret-of-at-least-thirty-two-chars!!');

describe('secret box', () => {
  it('round-trips and never shows the plaintext', () => {
    const sealed = box.encrypt('client-secret-ü-123');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('client-secret');
    expect(box.decrypt(sealed)).toBe('client-secret-ü-123');
  });

  it('uses a fresh IV each time', () => {
    expect(box.encrypt('same')).not.toBe(box.encrypt('same'));
  });

  it('refuses another key, another context, a tampered value and an unknown version', () => {
    const sealed = box.encrypt('secret', 'organizations.client_secret');
    expect(() => createSecretBox('another-secret-of-at-least-thirty-two!!').decrypt(sealed, 'organizations.client_secret')).toThrow(SecretBoxError);
    expect(() => box.decrypt(sealed, 'api_tokens.access_token')).toThrow(SecretBoxError);
    const [v, iv, ct, tag] = sealed.split('.');
    const flipped = Buffer.from(ct, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.decrypt([v, iv, flipped.toString('base64url'), tag].join('.'), 'organizations.client_secret')).toThrow(SecretBoxError);
    expect(() => box.decrypt(sealed.replace(/^v1/, 'v9'), 'organizations.client_secret')).toThrow(SecretBoxError);
    expect(() => box.decrypt('garbage')).toThrow(SecretBoxError);
  });
});
