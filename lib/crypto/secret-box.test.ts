import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, deriveKeyFromSecret, SecretBoxError, type SealContext } from './secret-box';

const AUTH_SECRET = 'a-secret-of-at-least-thirty-two-chars!!';
const ORG_A: SealContext = { table: 'organizations', column: 'client_secret', row: '0193a000-0000-7000-8000-00000000000a' };
const ORG_B: SealContext = { ...ORG_A, row: '0193a000-0000-7000-8000-00000000000b' };
const key = (byte: number) => Buffer.alloc(32, byte);

/** A value in the first format, as the previous release wrote it. */
function sealV1(secret: string, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKeyFromSecret(secret), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

describe('secret box', () => {
  const box = createSecretBox({ authSecret: AUTH_SECRET });

  it('round-trips under the key derived from the auth secret, named auth, and never shows the plaintext', () => {
    const sealed = box.encrypt('client-secret-ü-123', ORG_A);
    expect(sealed).toMatch(/^v2\.auth\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('client-secret');
    expect(box.decrypt(sealed, ORG_A)).toBe('client-secret-ü-123');
    expect(box.isCurrent(sealed)).toBe(true);
  });

  it('uses a fresh IV each time', () => {
    expect(box.encrypt('same', ORG_A)).not.toBe(box.encrypt('same', ORG_A));
  });

  it('binds the value to its row: copied into another organization row, it does not decrypt', () => {
    const sealed = box.encrypt('secret-of-a', ORG_A);
    expect(() => box.decrypt(sealed, ORG_B)).toThrow(SecretBoxError);
    expect(() => box.decrypt(sealed, { ...ORG_A, column: 'access_token' })).toThrow(SecretBoxError);
    expect(() => box.decrypt(sealed, { ...ORG_A, table: 'api_tokens' })).toThrow(SecretBoxError);
  });

  it('refuses another key, a tampered value and an unknown version', () => {
    const sealed = box.encrypt('secret', ORG_A);
    expect(() => createSecretBox({ authSecret: 'another-secret-of-at-least-thirty-two!!' }).decrypt(sealed, ORG_A)).toThrow(SecretBoxError);
    const [v, id, iv, tag, ct] = sealed.split('.');
    const flipped = Buffer.from(ct, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.decrypt([v, id, iv, tag, flipped.toString('base64url')].join('.'), ORG_A)).toThrow(SecretBoxError);
    expect(() => box.decrypt([v, 'other', iv, tag, ct].join('.'), ORG_A)).toThrow(/not in the key ring/);
    expect(() => box.decrypt(sealed.replace(/^v2/, 'v9'), ORG_A)).toThrow(SecretBoxError);
    expect(() => box.decrypt('garbage', ORG_A)).toThrow(SecretBoxError);
  });

  it('still reads the first format, bound to table and column', () => {
    const legacy = sealV1(AUTH_SECRET, 'old-secret', 'organizations.client_secret');
    expect(box.decrypt(legacy, ORG_A)).toBe('old-secret');
    expect(box.isCurrent(legacy)).toBe(false);
    expect(() => box.decrypt(legacy, { ...ORG_A, column: 'other' })).toThrow(SecretBoxError);
  });

  it('with a key ring: writes under the newest, reads under any, and still opens values of the derived key', () => {
    const older = createSecretBox({ keys: [{ id: 'k1', key: key(1) }], authSecret: AUTH_SECRET });
    const ring = createSecretBox({
      keys: [
        { id: 'k2', key: key(2) },
        { id: 'k1', key: key(1) },
      ],
      authSecret: AUTH_SECRET,
    });
    const underK1 = older.encrypt('one', ORG_A);
    const underDerived = box.encrypt('derived', ORG_A);
    expect(ring.currentKeyId).toBe('k2');
    expect(ring.encrypt('two', ORG_A)).toMatch(/^v2\.k2\./);
    expect(ring.decrypt(underK1, ORG_A)).toBe('one');
    expect(ring.decrypt(underDerived, ORG_A)).toBe('derived');
    expect(ring.decrypt(sealV1(AUTH_SECRET, 'v1', 'organizations.client_secret'), ORG_A)).toBe('v1');
    expect(ring.isCurrent(underK1)).toBe(false);
    // A new AUTH_SECRET does not touch what the ring sealed.
    const afterAuthRotation = createSecretBox({ keys: [{ id: 'k2', key: key(2) }], authSecret: 'a-brand-new-auth-secret-of-32-chars!!!' });
    expect(afterAuthRotation.decrypt(ring.encrypt('survives', ORG_A), ORG_A)).toBe('survives');
    // A key dropped from the ring no longer opens its values.
    expect(() => afterAuthRotation.decrypt(underK1, ORG_A)).toThrow(/not in the key ring/);
  });

  it('refuses a key that is not 32 bytes and a box without any key', () => {
    expect(() => createSecretBox({ keys: [{ id: 'short', key: Buffer.alloc(16) }] })).toThrow(SecretBoxError);
    expect(() => createSecretBox({})).toThrow(SecretBoxError);
  });
});
