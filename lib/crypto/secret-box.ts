import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { getAuthSecret } from '@/lib/crypto/auth-secret';
import { env } from '@/lib/env';

/**
 * AES-256-GCM under a key ring. Output: `v2.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts).
 * New values are sealed under the newest key of the ring; any key of the ring opens a value
 * that names it, so keys can be rotated (`npm run keys:rotate` re-seals everything under the
 * newest). The associated data is the value's table, column and row id: a value copied into
 * another column or another row does not decrypt there.
 *
 * The ring is ENCRYPTION_KEYS; without it, one key derived from the auth secret by HKDF-SHA256
 * under the fixed id `auth`. That derived key also stays readable (never written) when a ring
 * is configured, so values sealed before the ring existed still open until rotated. The first
 * format, `v1.<iv>.<ciphertext>.<tag>` under the derived key and bound to table and column
 * only, is still read.
 */
const VERSION = 'v2';
const LEGACY_VERSION = 'v1';
const INFO = 'motorpool secret-box v1';
const SALT = 'motorpool';
/** The id of the key derived from the auth secret. */
export const DERIVED_KEY_ID = 'auth';

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/** Where a sealed value lives: it opens only there. */
export interface SealContext {
  table: string;
  column: string;
  /** The row's primary key. */
  row: string;
}

export interface KeyRingEntry {
  id: string;
  /** 32 bytes. */
  key: Buffer;
}

export interface SecretBox {
  /** The key new values are sealed under. */
  readonly currentKeyId: string;
  encrypt(plaintext: string, context: SealContext): string;
  decrypt(boxed: string, context: SealContext): string;
  /** True when the value is sealed under the newest key in today's format. */
  isCurrent(boxed: string): boolean;
}

export function deriveKeyFromSecret(secret: string): Buffer {
  if (!secret) throw new SecretBoxError('An empty secret cannot derive a key');
  return Buffer.from(hkdfSync('sha256', secret, SALT, INFO, 32));
}

const aad = (version: string, context: SealContext) =>
  Buffer.from(
    version === LEGACY_VERSION ? `${context.table}.${context.column}` : `${context.table}.${context.column}#${context.row}`,
    'utf8',
  );

/**
 * `keys`: the ring, newest first (empty: the derived key alone). `authSecret`: the secret the
 * legacy key is derived from, readable under the id `auth` unless the ring names that id itself.
 */
export function createSecretBox(options: { keys?: readonly KeyRingEntry[]; authSecret?: string }): SecretBox {
  const derived = options.authSecret ? deriveKeyFromSecret(options.authSecret) : undefined;
  const ring = new Map<string, Buffer>();
  for (const entry of options.keys ?? []) {
    if (entry.key.length !== 32) throw new SecretBoxError(`The key "${entry.id}" is not 32 bytes`);
    ring.set(entry.id, entry.key);
  }
  if (derived && !ring.has(DERIVED_KEY_ID)) ring.set(DERIVED_KEY_ID, derived);
  const [current] = options.keys?.length ? options.keys.map((k) => k.id) : derived ? [DERIVED_KEY_ID] : [];
  if (!current) throw new SecretBoxError('A secret box needs a key ring or an auth secret');
  const currentKey = ring.get(current)!;

  const open = (key: Buffer, iv: Buffer, tag: Buffer, ciphertext: Buffer, additional: Buffer) => {
    if (iv.length !== 12 || tag.length !== 16) throw new SecretBoxError('Malformed sealed value');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(additional);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('The sealed value does not decrypt here (another key, or copied from another row or column)');
    }
  };

  return {
    currentKeyId: current,
    encrypt(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', currentKey, iv);
      cipher.setAAD(aad(VERSION, context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, current, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(
        '.',
      );
    },
    decrypt(boxed, context) {
      const parts = boxed.split('.');
      if (parts[0] === VERSION && parts.length === 5) {
        const key = ring.get(parts[1]);
        if (!key) throw new SecretBoxError(`The sealed value names the key "${parts[1]}", which is not in the key ring`);
        const [iv, tag, ciphertext] = parts.slice(2).map((part) => Buffer.from(part, 'base64url'));
        return open(key, iv, tag, ciphertext, aad(VERSION, context));
      }
      if (parts[0] === LEGACY_VERSION && parts.length === 4) {
        if (!derived) throw new SecretBoxError('A v1 value needs the auth secret its key was derived from');
        const [iv, ciphertext, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
        return open(derived, iv, tag, ciphertext, aad(LEGACY_VERSION, context));
      }
      throw new SecretBoxError('Not a sealed value of a known version');
    },
    isCurrent(boxed) {
      const parts = boxed.split('.');
      return parts.length === 5 && parts[0] === VERSION && parts[1] === current;
    },
  };
}

let cached: { secret: string; box: SecretBox } | undefined;

/** The box of this process: ENCRYPTION_KEYS, and the key derived from its auth secret. */
export function secretBox(): SecretBox {
  const secret = getAuthSecret();
  if (cached?.secret !== secret) {
    const keys = env().ENCRYPTION_KEYS?.map(({ id, key }) => ({ id, key: Buffer.from(key, 'base64') }));
    cached = { secret, box: createSecretBox({ keys, authSecret: secret }) };
  }
  return cached.box;
}

export function encryptSecret(plaintext: string, context: SealContext): string {
  return secretBox().encrypt(plaintext, context);
}

export function decryptSecret(boxed: string, context: SealContext): string {
  return secretBox().decrypt(boxed, context);
}
