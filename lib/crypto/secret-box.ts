import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { getAuthSecret } from '@/lib/auth/secret';

/**
 * AES-256-GCM with a key derived from the auth secret by HKDF-SHA256. Output:
 * `v1.<iv>.<ciphertext>.<tag>` (base64url). The version names the key derivation and cipher,
 * so a later scheme can be introduced while old values still decrypt. An optional context is
 * bound as associated data: a value copied into another column does not decrypt there.
 */
const VERSION = 'v1';
const INFO = 'motorpool secret-box v1';
const SALT = 'motorpool';

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export interface SecretBox {
  encrypt(plaintext: string, context?: string): string;
  decrypt(boxed: string, context?: string): string;
}

function deriveKey(secret: string): Buffer {
  if (!secret) throw new SecretBoxError('An empty secret cannot derive a key');
  return Buffer.from(hkdfSync('sha256', secret, SALT, INFO, 32));
}

export function createSecretBox(secret: string): SecretBox {
  const key = deriveKey(secret);
  return {
    encrypt(plaintext, context = '') {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, ciphertext, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    decrypt(boxed, context = '') {
      const parts = boxed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new SecretBoxError('Not a sealed value of a known version');
      const [iv, ciphertext, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
      if (iv.length !== 12 || tag.length !== 16) throw new SecretBoxError('Malformed sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv);
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('The sealed value does not decrypt with this key (was AUTH_SECRET changed?)');
      }
    },
  };
}

let cached: { secret: string; box: SecretBox } | undefined;

/** The box keyed by this process's auth secret. */
export function secretBox(): SecretBox {
  const secret = getAuthSecret();
  if (cached?.secret !== secret) cached = { secret, box: createSecretBox(secret) };
  return cached.box;
}

export function encryptSecret(plaintext: string, context?: string): string {
  return secretBox().encrypt(plaintext, context);
}

export function decryptSecret(boxed: string, context?: string): string {
  return secretBox().decrypt(boxed, context);
}
