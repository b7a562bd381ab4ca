import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

const PREFIX_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** `mp_` + 8 visible characters + `_` + 43 base64url characters (256 random bits). */
const SECRET_PATTERN = /^mp_[a-z2-9]{8}_[A-Za-z0-9_-]{43}$/;

export type ApiCredentialSecret = { secret: string; prefix: string; hash: string };

/**
 * A new credential secret. Its prefix (`mp_` and 8 characters) is shown in lists to recognise
 * it; only the hash is stored. SHA-256 rather than a slow password hash: a slow hash makes
 * guessing a low-entropy password expensive, but this secret carries 256 random bits, beyond any
 * guessing however fast the hash; and a fast hash keeps the check of every API request cheap.
 */
export function newApiCredentialSecret(): ApiCredentialSecret {
  const bytes = randomBytes(8);
  const visible = Array.from(bytes, (byte) => PREFIX_ALPHABET[byte % PREFIX_ALPHABET.length]).join('');
  const prefix = `mp_${visible}`;
  const secret = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { secret, prefix, hash: hashApiCredentialSecret(secret) };
}

export function hashApiCredentialSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** Whether a presented bearer token has the shape of one of ours (a stranger's is not looked up). */
export function looksLikeApiCredentialSecret(value: string): boolean {
  return SECRET_PATTERN.test(value);
}
